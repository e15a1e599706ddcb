/**
 * Ledger benchmark (npm run bench, issue 14 "Speed"): at the benchmark scale (BENCH_SCALE holders, default 30,000)
 * with two years of ledger, `GET user/extrato/{cstId}/{fecID}` p95 ≤ 10 ms and the statement PDF
 * (`GET user/extratopdf/{cstId}/{period}`) p95 ≤ 100 ms server time.
 *
 * Uses the members bench's database (members.bench.ts: reused when already at the scale, else seeded with the demo
 * data, the demo ledger included); a database seeded before the ledger existed gets the demo ledger here
 * (seedLedger, timed). Signs in the bench user (every staff role), then, one request at a time through `app.inject`:
 *   - BENCH_LEDGER_GETS (default 2,000) statements of random holders holding entries, each of a random period of
 *     theirs (the open one or a closed one), after 200 warm-up reads;
 *   - BENCH_LEDGER_PDFS (default 200) statement PDFs of random closed periods, after 20 warm-up renders;
 *   - the extra query GET user/{cstId} makes for extratoDatas (periodsOf), timed alone.
 * "Server time" is Fastify's reply.elapsedTime. Prints the machine's load average with the figures.
 */
import os from 'node:os';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { seedLedger } from '../src/db/seed/ledger.seed.js';
import { backendCpuMs, percentile, runBench } from './stats.js';
import { benchSession, LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';

const env = process.env;
const GETS = Number(env.BENCH_LEDGER_GETS ?? 2_000);
const PDFS = Number(env.BENCH_LEDGER_PDFS ?? 200);
const TARGET_GET_P95_MS = 10;
const TARGET_PDF_P95_MS = 100;
const log = (line = '') => console.log(line);
const machine = () =>
  `carga ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} em ${os.cpus().length} núcleos`;

/** A deterministic pseudo-random sequence (mulberry32), so every run reads the same statements. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `count` requests and answers the CPU (ms) per request of this process and of PostgreSQL: the load-free cost. */
async function withCpu(pool: pg.Pool, count: number, run: () => Promise<void>) {
  const pgBefore = await backendCpuMs(pool);
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return { node: (used.user + used.system) / 1000 / count, pg: ((await backendCpuMs(pool)) - pgBefore) / count };
}

function report(label: string, times: number[], failures: number, target: number, cpu: { node: number; pg: number }) {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const p95 = percentile(sorted, 95);
  log(`  ${label}: ${times.length} pedidos, ${failures} com erro`);
  log(`    tempo no servidor  p50 ${ms(percentile(sorted, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(sorted, 99))}, máx ${ms(sorted.at(-1) ?? NaN)}`);
  log(`    CPU por pedido     Node ${ms(cpu.node)}, PostgreSQL ${Number.isNaN(cpu.pg) ? 'n/d' : ms(cpu.pg)} (o custo sem a carga da máquina)`);
  const ok = p95 <= target && failures === 0;
  log(`    meta (p95 no servidor ≤ ${target} ms, sem erros): ${ok ? 'atingida' : 'NÃO atingida'}`);
  return ok;
}

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  const { rows: present } = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from closing_periods`);
  if (present[0]!.n === 0) {
    log('Base do benchmark sem razão: gerando o razão de demonstração...');
    await seedLedger(bench.db, log);
  }
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'bench-secret', LOG_LEVEL });
  const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
  let times: number[] | null = null;
  app.addHook('onResponse', async (_request, reply) => {
    if (times) times.push(reply.elapsedTime);
  });
  try {
    await app.ready();
    if (!app.hasRoute({ method: 'GET', url: '/api/v1/user/extrato/:cstId/:fecID' })) {
      log('Extrato: skipped: route not built');
      return true;
    }
    const session = await benchSession(app);
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
    const { rows: stats } = await bench.db.execute<{ entries: number; holders: number; periods: number }>(sql`
      select (select count(*)::int from statement_entries) as entries, (select count(distinct cst_id)::int from statement_entries) as holders,
        (select count(*)::int from closing_periods) as periods`);
    const { rows: pairs } = await bench.db.execute<{ cstId: number; fecId: number; open: boolean }>(sql`
      select distinct e.cst_id as "cstId", e.fec_id as "fecId", p.locked_at is null as open
      from statement_entries e join closing_periods p on p.fec_id = e.fec_id`);
    const closed = pairs.filter((p) => !p.open);
    log(
      `Extrato: ${bench.holders.length} titulares, ${stats[0]!.holders} com lançamentos, ${stats[0]!.entries} lançamentos em ${stats[0]!.periods} períodos; ${machine()}`,
    );
    const next = random(14);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;

    const get = async (url: string) => (await app.inject({ method: 'GET', url, headers })).statusCode;
    for (let i = 0; i < 200; i++) {
      const p = pick(pairs);
      await get(`/api/v1/user/extrato/${p.cstId}/${p.open ? -p.fecId : p.fecId}`);
    }
    const statementTimes: number[] = [];
    let statementFailures = 0;
    times = statementTimes;
    const statementCpu = await withCpu(bench.pool, GETS, async () => {
      for (let i = 0; i < GETS; i++) {
        const p = pick(pairs);
        if ((await get(`/api/v1/user/extrato/${p.cstId}/${p.open ? -p.fecId : p.fecId}`)) !== 200) statementFailures++;
      }
    });
    times = null;

    for (let i = 0; i < 20; i++) {
      const p = pick(closed);
      await get(`/api/v1/user/extratopdf/${p.cstId}/${p.fecId}`);
    }
    const pdfTimes: number[] = [];
    let pdfFailures = 0;
    times = pdfTimes;
    const pdfCpu = await withCpu(bench.pool, PDFS, async () => {
      for (let i = 0; i < PDFS; i++) {
        const p = pick(closed);
        if ((await get(`/api/v1/user/extratopdf/${p.cstId}/${p.fecId}`)) !== 200) pdfFailures++;
      }
    });
    times = null;

    // The one query GET user/{cstId} adds for extratoDatas (run beside the member's load).
    const periodTimes: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      await app.services.ledger.periodsOf(bench.db, pick(bench.holders));
      periodTimes.push(performance.now() - t);
    }
    periodTimes.sort((a, b) => a - b);

    log();
    log('Resultado:');
    const results = [
      report('GET user/extrato/{cstId}/{fecID} (app.inject)', statementTimes, statementFailures, TARGET_GET_P95_MS, statementCpu),
      report('GET user/extratopdf/{cstId}/{period} (app.inject)', pdfTimes, pdfFailures, TARGET_PDF_P95_MS, pdfCpu),
    ];
    log(
      `  extratoDatas de GET user/{cstId} (periodsOf): p50 ${percentile(periodTimes, 50).toFixed(2)} ms, p95 ${percentile(periodTimes, 95).toFixed(2)} ms`,
    );
    log(`  ${machine()}; concluído em ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return results.every(Boolean);
  } finally {
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main);
