/**
 * Dashboard cards benchmark (npm run bench, issue 30 "Speed"): at BENCH_SCALE holders (default 30,000), server time
 * (Fastify's reply.elapsedTime) of `GET dashboard/cards/{card}` for every card, each call computed afresh (the card's
 * one-minute cache dropped before it: the figure is the query's, not the cache's), p95 ≤ 200 ms each; time-axis
 * cards at 12 and 24 months. Also the cached answer's p95 (what most of a morning's calls get), and the very first call
 * of each (the closing card's first call reads every period it shows; after it, the locked periods' totals are kept).
 *
 * Uses the members bench's database (`openMembersBenchDatabase`, kept when it is at the scale). The demo seed without
 * a file store writes no remittance: when there is none, one is made from the newest month of charges with a return
 * (its lines' status from the charges' return codes, as seedRemittances does), so the return card reads real rows.
 * One call at a time through `app.inject`, after warm-up calls.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dashboardCards, type DashboardCardKey } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { benchSession, LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const CALLS = Number(env.BENCH_DASHBOARD_CALLS ?? 40);
const WARMUP = 3;
const TARGET_MS = 200;
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  try {
    const remittances = await bench.db.execute<{ n: number }>(sql`select count(*)::int as n from bank_remittances`);
    if (remittances.rows[0]!.n === 0) {
      log('Sem remessas: gerando uma a partir das cobranças do último mês com retorno...');
      await bench.db.transaction(async (tx) => {
        const rm = await tx.execute<{ id: number }>(sql`
          insert into bank_remittances (bnk_id, layout, bank_code, agreement, nsa, records, total, file_name)
          values (2, 'cnab150', '001', 'BENCH', 1, 0, 0, 'bench-remessa.txt') returning rm_id as id`);
        await tx.execute(sql`
          insert into bank_remittance_lines (rm_id, cob_id, cst_id, line, value, due_date, status)
          select ${rm.rows[0]!.id}, ch.cob_id, ch.cst_id, row_number() over (order by ch.cob_id), ch.cob_valor, ch.cob_vencimento,
                 case when ch.cdr_cod_ret is null then 'pending' when rc.cdr_paid then 'paid' else 'rejected' end
            from charges ch left join charge_return_codes rc on rc.cdr_cod_ret = ch.cdr_cod_ret
           where to_char(ch.cob_vencimento, 'YYYY-MM') = (select to_char(max(cob_vencimento), 'YYYY-MM') from charges where cob_retorno is not null)`);
      });
      await bench.pool.query('analyze bank_remittances, bank_remittance_lines');
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(os.tmpdir(), 'assoc-bench-dashboard'),
      SESSION_SECRET: 'bench-secret',
      LOG_LEVEL,
    });
    const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => undefined } } });
    let measuring: number[] | null = null;
    app.addHook('onResponse', async (_request, reply) => {
      measuring?.push(reply.elapsedTime);
    });
    try {
      await app.ready();
      const session = await benchSession(app);
      const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
      const cards = app.services.dashboardCards;
      log(`Painel: ${bench.holders.length} titulares; ${machine()}`);
      let failures = 0;
      const measure = async (key: DashboardCardKey, period: number | null, fresh: boolean) => {
        const all: number[] = [];
        const url = `/api/v1/dashboard/cards/${key}${period ? `?period=${period}` : ''}`;
        for (let i = 0; i < CALLS + WARMUP; i++) {
          if (fresh) cards.invalidate([key]);
          measuring = all;
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) failures += 1;
        }
        measuring = null;
        return { first: all[0]!, sorted: all.slice(WARMUP).sort((a, b) => a - b) };
      };
      const results: Array<{ ok: boolean; text: string }> = [];
      for (const card of dashboardCards) {
        for (const period of card.timeAxis ? [12, 24] : [null]) {
          const { first, sorted: fresh } = await measure(card.key, period, true);
          const { sorted: cached } = await measure(card.key, period, false);
          const p95 = percentile(fresh, 95);
          results.push({
            ok: p95 <= TARGET_MS,
            text: `  ${card.key}${period ? ` (${period} meses)` : ''}: sem cache p50 ${percentile(fresh, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (meta ≤ ${TARGET_MS} ms), primeira chamada ${first.toFixed(1)} ms; em cache p95 ${percentile(cached, 95).toFixed(2)} ms`,
          });
        }
      }
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
