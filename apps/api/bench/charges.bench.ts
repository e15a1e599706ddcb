/**
 * Charges benchmark (npm run bench, issue 14 "Speed"): at BENCH_SCALE holders (default 30,000) with the demo's two
 * years of ledger, `GET cobranca/divida/{cstId}` p95 ≤ 5 ms server time.
 *
 * Uses the members bench's database (`openMembersBenchDatabase`, kept when it is at the scale: run after
 * members.bench.ts, or it seeds it). Without a locked closing period (no ledger demo data) it prints "skipped" and
 * succeeds; without charges it seeds them (`seedCharges`). Signs in the bench user and reads the debt of
 * BENCH_CHARGES_GETS (2,000) random holders one at a time through `app.inject`, after 200 warm-up reads; "server
 * time" is Fastify's reply.elapsedTime. The debt is one SQL statement (charges.repository.ts `debtSql`); its
 * EXPLAIN (ANALYZE) for one holder is printed too.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { seedCharges } from '../src/db/seed/charges.seed.js';
import { debtSql } from '../src/modules/charges/charges.repository.js';
import { buildApp } from '../src/app.js';
import { benchSession, LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const GETS = Number(env.BENCH_CHARGES_GETS ?? 2_000);
const WARMUP = 200;
const TARGET_P95_MS = 5;
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

function sample(ids: number[], count: number) {
  let a = 1234567;
  return Array.from({ length: count }, () => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return ids[a % ids.length]!;
  });
}

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const periods = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from closing_periods where locked_at is not null`);
    if ((periods.rows[0]?.n ?? 0) === 0) {
      log('Cobranças: skipped: sem dados do razão (nenhum período fechado)');
      return true;
    }
    const count = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from charges`);
    if ((count.rows[0]?.n ?? 0) === 0) await seedCharges(bench.db, log);
    const stats = await bench.db.execute<{ entries: number; charges: number }>(
      sql`select (select count(*)::int from statement_entries) as entries, (select count(*)::int from charges) as charges`,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-charges'),
      SESSION_SECRET: 'bench-secret',
      LOG_LEVEL,
    });
    const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
    const times: number[] = [];
    const pings: number[] = [];
    let measuring = false;
    app.addHook('onResponse', async (request, reply) => {
      if (!measuring) return;
      if (request.routeOptions.url === '/api/v1/cobranca/divida/:cstId') times.push(reply.elapsedTime);
      if (request.routeOptions.url === '/api/v1/ping') pings.push(reply.elapsedTime);
    });
    try {
      await app.ready();
      const session = await benchSession(app);
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
      log(
        `Cobranças: ${bench.holders.length} titulares, ${stats.rows[0]!.entries} lançamentos, ${stats.rows[0]!.charges} cobranças; ${GETS} leituras do débito, uma de cada vez; ${machine()}`,
      );
      const ids = sample(bench.holders, GETS + WARMUP);
      let failures = 0;
      const sqlTimes: number[] = [];
      for (const [i, cstId] of ids.entries()) {
        measuring = i >= WARMUP;
        const res = await app.inject({ method: 'GET', url: `/api/v1/cobranca/divida/${cstId}`, headers });
        if (res.statusCode !== 200) failures += 1;
        // The same machine at the same moment: a signed-in call that does nothing (the guard's own cost), and the
        // debt's statement alone.
        await app.inject({ method: 'GET', url: '/api/v1/ping', headers });
        const t0 = performance.now();
        await bench.db.execute(debtSql(cstId));
        if (measuring) sqlTimes.push(performance.now() - t0);
      }
      measuring = false;
      const plan = await bench.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${debtSql(bench.holders[0]!)}`);
      log('  Plano (um titular):');
      for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
      const sorted = [...times].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      const p95 = percentile(sorted, 95);
      const ping = [...pings].sort((a, b) => a - b);
      const query = [...sqlTimes].sort((a, b) => a - b);
      const ok = p95 <= TARGET_P95_MS && failures === 0;
      log('Resultado:');
      log(
        `  GET cobranca/divida: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (meta ≤ ${TARGET_P95_MS} ms) ${ok ? 'OK' : 'ABAIXO DA META'}; ${failures} falhas; ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      log(
        `  para comparação, no mesmo momento: GET ping (só a sessão) p50 ${percentile(ping, 50).toFixed(2)} ms, p95 ${percentile(ping, 95).toFixed(2)} ms; a instrução SQL do débito sozinha p50 ${percentile(query, 50).toFixed(2)} ms, p95 ${percentile(query, 95).toFixed(2)} ms`,
      );
      return ok;
    } finally {
      await app.close().catch(() => {});
    }
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main, 'quiet');
