/**
 * Terminal benchmark (npm run bench, issue 29 "Speed": "a terminal query of 1,000 rows answered ≤ 300 ms" at 30,000
 * holders, about 63,000 people). On the members bench's database (`openMembersBenchDatabase`, kept when it is at the
 * scale), signed in as the bench user (who holds superadmin), one call at a time through `app.inject`, after warm-up
 * calls: server time (Fastify's reply.elapsedTime) of `POST terminal/executar` for
 *   - every column of the people, in cst_id order: 1,000 of the 63,000 rows and `truncated` (the cursor stops there);
 *   - the dependants with their holder (a join), in cst_id order: 1,000 rows and `truncated`;
 * p95 of each ≤ 300 ms; and, without a target (the database's own work dominates), the holders with their dependants
 * counted, a join and a GROUP BY over every person sorted by name, 1,000 rows. Every call goes through the whole path: the parser's check, the READ ONLY transaction as the
 * role assoc_terminal, the history row and the audit row.
 */
import { benchHeaders, log, machine, openBenchApp, serverTimer } from './app.js';
import { LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const CALLS = Number(env.BENCH_TERMINAL_CALLS ?? 100);
const WARMUP = 10;
const TARGET_MS = 300;

/** The 1,000-row queries the target is about, and one aggregate over every person reported without a target (its time is the database's own work). */
const QUERIES = {
  people: {
    label: 'select * from customers order by cst_id (1.000 de todas as pessoas)',
    sql: 'select * from customers order by cst_id',
    target: TARGET_MS,
  },
  dependents: {
    label: 'dependentes com o titular (join), por cst_id',
    sql: `select d.cst_id, d.cust_name, d.cust_birthdate, h.cst_id as titular, h.cust_name as nome_titular, h.cust_email
            from customers d join customers h on h.cst_id = d.parent_id
           order by d.cst_id`,
    target: TARGET_MS,
  },
  aggregate: {
    label: 'titulares com dependentes contados, por nome (join + group by de todas as pessoas; sem meta)',
    sql: `select h.cst_id, h.cust_name, h.cust_cpf, h.cust_email, count(d.cst_id) as dependentes
            from customers h left join customers d on d.parent_id = h.cst_id
           where h.parent_id is null
           group by h.cst_id
           order by h.cust_name
           limit 1000`,
    target: Infinity,
  },
} as const;

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const app = await openBenchApp(bench, { name: 'terminal' });
    const times: Record<keyof typeof QUERIES, number[]> = { people: [], dependents: [], aggregate: [] };
    const timer = serverTimer(app);
    try {
      await app.ready();
      const headers = { ...(await benchHeaders(app)), 'content-type': 'application/json' };
      log(`Terminal: ${bench.holders.length} titulares; log ${LOG_LEVEL}; ${machine()}`);
      let failures = 0;
      for (const kind of Object.keys(QUERIES) as (keyof typeof QUERIES)[]) {
        for (let i = 0; i < CALLS + WARMUP; i++) {
          timer.record(i >= WARMUP ? times[kind] : null);
          const res = await app.inject({ method: 'POST', url: '/api/v1/terminal/executar', headers, payload: { sql: QUERIES[kind].sql } });
          const body = res.json() as { rowCount?: number; truncated?: boolean; message?: string };
          if (res.statusCode !== 200 || body.rowCount !== 1000) {
            failures += 1;
            if (failures === 1) log(`  falha: ${res.statusCode} ${body.message ?? JSON.stringify(body).slice(0, 200)}`);
          } else if (i === WARMUP) log(`  ${QUERIES[kind].label}: ${body.rowCount} linhas, truncated ${body.truncated}`);
        }
        timer.record(null);
      }
      let ok = failures === 0;
      log('Resultado:');
      for (const kind of Object.keys(QUERIES) as (keyof typeof QUERIES)[]) {
        const sorted = [...times[kind]].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const target = QUERIES[kind].target;
        ok &&= p95 <= target;
        const verdict = Number.isFinite(target) ? ` (meta ≤ ${target} ms)${p95 <= target ? ' OK' : ' ABAIXO DA META'}` : '';
        log(`  POST terminal/executar, ${QUERIES[kind].label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${verdict}`);
      }
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
