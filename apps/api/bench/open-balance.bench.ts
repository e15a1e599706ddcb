/**
 * Open balance benchmark (npm run bench, issue 24 "Speed"): at BENCH_SCALE holders (default 30,000) with the demo's
 * ledger, `GET financeiro/saldoaberto/0` (every holder who owes) p95 ≤ 300 ms server time, and its XLSX.
 *
 * Uses the members bench's database (members.bench.ts: reused when at the scale, else seeded); a database without a
 * ledger gets the demo ledger here (seedLedger). Signs in the bench user (every staff role) and reads channel 0
 * BENCH_OPEN_BALANCE_GETS (default 50) times one at a time through `app.inject` after 5 warm-up reads, then each
 * other channel 5 times and the XLSX of channel 0 5 times. "Server time" is Fastify's reply.elapsedTime. Prints the
 * statement's EXPLAIN (ANALYZE) and the machine's load average.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openBalanceChannelIds } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { seedLedger } from '../src/db/seed/ledger.seed.js';
import { createOpenBalanceRepository, openBalanceSql } from '../src/modules/open-balance/open-balance.repository.js';
import { percentile, runBench } from './stats.js';
import { benchSession, LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';

const env = process.env;
const GETS = Number(env.BENCH_OPEN_BALANCE_GETS ?? 50);
const WARMUP = 5;
const TARGET_P95_MS = 300;
const log = (line = '') => console.log(line);
const machine = () =>
  `carga ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} em ${os.cpus().length} núcleos`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const { rows: present } = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from closing_periods`);
    if (present[0]!.n === 0) {
      log('Base do benchmark sem razão: gerando o razão de demonstração...');
      await seedLedger(bench.db, log);
    }
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'bench-secret', LOG_LEVEL });
    const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
    const times = new Map<string, number[]>();
    let measuring = false;
    app.addHook('onResponse', async (request, reply) => {
      if (!measuring) return;
      const key = `${request.routeOptions.url ?? ''} ${String((request.params as { channelId?: string }).channelId)}`;
      times.set(key, [...(times.get(key) ?? []), reply.elapsedTime]);
    });
    try {
      await app.ready();
      const session = await benchSession(app);
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
      const stats = await bench.db.execute<{ holders: number; entries: number }>(
        sql`select (select count(*)::int from customers where parent_id is null) as holders, (select count(*)::int from statement_entries) as entries`,
      );
      log(`Saldo em aberto: ${stats.rows[0]!.holders} titulares, ${stats.rows[0]!.entries} lançamentos; ${machine()}`);
      let failures = 0;
      let rowsOfAll = 0;
      const get = async (url: string, count: number, warmup: number) => {
        for (let i = 0; i < count + warmup; i++) {
          measuring = i >= warmup;
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) failures += 1;
          else if (url.endsWith('/saldoaberto/0')) rowsOfAll = (res.json() as unknown[]).length;
        }
        measuring = false;
      };
      await get('/api/v1/financeiro/saldoaberto/0', GETS, WARMUP);
      for (const channel of openBalanceChannelIds.filter((c) => c !== 0)) await get(`/api/v1/financeiro/saldoaberto/${channel}`, 5, 1);
      await get('/api/v1/financeiro/saldoaberto/0/xlsx', 5, 1);

      const plan = await bench.db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${openBalanceSql(0)}`);
      log('  Plano (canal 0):');
      for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
      const t0 = performance.now();
      await createOpenBalanceRepository().list(bench.db, 0);
      const sqlMs = performance.now() - t0;

      log('Resultado:');
      let ok = failures === 0;
      for (const [key, list] of [...times.entries()].sort()) {
        const sorted = [...list].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const isTarget = key === '/api/v1/financeiro/saldoaberto/:channelId 0';
        if (isTarget && p95 > TARGET_P95_MS) ok = false;
        log(
          `  ${key}: ${list.length} pedidos, p50 ${ms(percentile(sorted, 50))}, p95 ${ms(p95)}, máx ${ms(sorted.at(-1) ?? NaN)}${isTarget ? ` (meta p95 ≤ ${TARGET_P95_MS} ms)` : ''}`,
        );
      }
      log(`  canal 0: ${rowsOfAll} titulares com saldo; a instrução SQL sozinha ${ms(sqlMs)}; ${failures} falhas`);
      log(`  meta: ${ok ? 'atingida' : 'NÃO atingida'}; ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return ok;
    } finally {
      await app.close().catch(() => {});
    }
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main, 'fail');
