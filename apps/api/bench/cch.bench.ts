/**
 * CCH benchmark (npm run bench, issue 26 "Speed"): at BENCH_SCALE holders (default 30,000) with the demo's two years of
 * CCH requests, server time (Fastify's reply.elapsedTime) of `GET cch/{status}` first page p95 ≤ 20 ms,
 * `GET cch/saldo/{cstId}` p95 ≤ 5 ms and saving a request (`PUT cch/{cchId}`) p95 ≤ 20 ms.
 *
 * Uses the members bench's database (`openMembersBenchDatabase`, kept when it is at the scale); without CCH requests it
 * seeds them (`seedCch`: enrolments, value sets, requests; no ledger needed for these calls). One call at a time
 * through `app.inject`, after warm-up calls.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { CchListRow } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { seedCch } from '../src/db/seed/cch.seed.js';
import { buildApp } from '../src/app.js';
import { benchSession, LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const LISTS = Number(env.BENCH_CCH_LISTS ?? 300);
const BALANCES = Number(env.BENCH_CCH_BALANCES ?? 2_000);
const SAVES = Number(env.BENCH_CCH_SAVES ?? 500);
const TARGETS = { list: 20, balance: 5, save: 20 };
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

function sample<T>(items: readonly T[], count: number) {
  let a = 7654321;
  return Array.from({ length: count }, () => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return items[a % items.length]!;
  });
}

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const count = async () => (await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from cch_requests`)).rows[0]!.n;
    // Reseeded when the demo's shape changed (BENCH_CCH_RESEED=1) or never seeded.
    if ((await count()) === 0 || env.BENCH_CCH_RESEED === '1') {
      await seedCch(bench.db, log);
      await bench.pool.query('vacuum analyze cch_requests, customer_services');
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-cch'),
      SESSION_SECRET: 'bench-secret',
      LOG_LEVEL,
    });
    const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
    const times: Record<keyof typeof TARGETS, number[]> = { list: [], balance: [], save: [] };
    let measuring: keyof typeof TARGETS | null = null;
    app.addHook('onResponse', async (_request, reply) => {
      if (measuring) times[measuring].push(reply.elapsedTime);
    });
    try {
      await app.ready();
      const session = await benchSession(app);
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
      const people = (await bench.db.execute<{ id: number }>(sql`select distinct cst_id as id from cch_requests order by 1`)).rows.map((r) => r.id);
      log(`CCH: ${bench.holders.length} titulares, ${await count()} solicitações de ${people.length} inscritos; ${machine()}`);
      let failures = 0;
      const run = async (kind: keyof typeof TARGETS, calls: number, warmup: number, call: (i: number) => Promise<number>) => {
        for (let i = 0; i < calls + warmup; i++) {
          measuring = i >= warmup ? kind : null;
          if ((await call(i)) !== 200) failures += 1;
        }
        measuring = null;
      };
      const statuses = [2, 1, 3, 5, 4, 6];
      await run(
        'list',
        LISTS,
        30,
        async (i) => (await app.inject({ method: 'GET', url: `/api/v1/cch/${statuses[i % 6]}/${i}`, headers })).statusCode,
      );
      const ids = sample(people, BALANCES + 200);
      await run('balance', BALANCES, 200, async (i) => (await app.inject({ method: 'GET', url: `/api/v1/cch/saldo/${ids[i]}`, headers })).statusCode);
      // Saves of requests under analysis (an observation changed), each at the version it was read.
      const page = await app.inject({ method: 'GET', url: '/api/v1/cch/2/x?pageSize=200', headers });
      const rows = (page.json() as { items: CchListRow[] }).items;
      const versions = new Map(rows.map((r) => [r.cchId, r.version]));
      await run('save', SAVES, 50, async (i) => {
        const row = rows[i % rows.length]!;
        const {
          titular: _t,
          usuario: _u,
          cchDataSolicitacao: _s,
          cchDataCredito: _c,
          cchScanKeyOriginal: _o,
          displayTerm: _d,
          hasDoc: _h,
          cchId,
          ...body
        } = row;
        const res = await app.inject({
          method: 'PUT',
          url: `/api/v1/cch/${cchId}`,
          headers,
          payload: { ...body, cchObs: `Conferido ${i}`, version: versions.get(cchId) },
        });
        if (res.statusCode === 200) versions.set(cchId, (res.json() as { version: number }).version);
        return res.statusCode;
      });
      const line = (kind: keyof typeof TARGETS, label: string) => {
        const sorted = [...times[kind]].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        return {
          ok: p95 <= TARGETS[kind],
          text: `  ${label}: p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (meta ≤ ${TARGETS[kind]} ms)`,
        };
      };
      const results = [line('list', 'GET cch/{status} (primeira página)'), line('balance', 'GET cch/saldo/{cstId}'), line('save', 'PUT cch/{cchId}')];
      const ok = results.every((r) => r.ok) && failures === 0;
      log('Resultado:');
      for (const r of results) log(`${r.text} ${r.ok ? 'OK' : 'ABAIXO DA META'}`);
      log(`  ${failures} falhas; ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return ok;
    } finally {
      await app.close().catch(() => {});
    }
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main);
