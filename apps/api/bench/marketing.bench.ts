/**
 * Marketing benchmark (npm run bench, issue 29 "Speed"): at the members bench's scale (BENCH_SCALE holders, default
 * 30,000), a campaign by e-mail to every holder queued in the outbox — the job's work, `app.services.marketing.send`:
 * the filter's set, the routing, the filled text, a recipient row and an outbox row per member, 2,000 members per
 * transaction — ≤ 10 s.
 *
 * Uses the members bench's database (`openMembersBenchDatabase`, kept when it is at the scale). For the run, the
 * holders without an e-mail get one and none refuses campaigns (so 30,000 are queued); everything is put back after:
 * the e-mails and opt-outs, the campaign, its recipients, its outbox rows and the template.
 */
import { log, machine, openBenchApp } from './app.js';
import { LOG_LEVEL, openMembersBenchDatabase } from './members.bench.js';
import { runBench } from './stats.js';

const env = process.env;
const RUNS = Number(env.BENCH_MARKETING_RUNS ?? 2);
const TARGET = 10_000;
const holders = { combinator: 'and', rules: [{ field: 'titular', operator: '=', value: 'titular' }] };

async function main() {
  const started = Date.now();
  const bench = await openMembersBenchDatabase({ fresh: false });
  const db = bench.db;
  try {
    const app = await openBenchApp(bench, { name: 'marketing' });
    // Every holder gets a valid e-mail and no opt-out for the run; the stored values are put back in `finally`.
    const pinned = await bench.pool.connect();
    await pinned.query(`create table if not exists bench_mkt_saved (cst_id int primary key, cust_email text, cust_recusa_campanhas boolean)`);
    try {
      await app.ready();
      await pinned.query(`insert into bench_mkt_saved select cst_id, cust_email, cust_recusa_campanhas from customers
                           where parent_id is null on conflict do nothing`);
      await pinned.query(`update customers c set cust_email = 'bench' || c.cst_id || '@example.com', cust_recusa_campanhas = false
                            from bench_mkt_saved s where s.cst_id = c.cst_id`);
      const template = await pinned.query<{ em_id: number }>(
        `insert into message_templates (channel, em_name, em_description, em_data)
         values ('email', 'BENCH CAMPANHA ' || floor(random() * 1e9)::text, 'Novidades para {nome}', 'Olá, {tratamento} {nome}! A {associacao} informa as novidades de {mes}.')
         returning em_id`,
      );
      const emId = template.rows[0]!.em_id;
      const holdersCount = (await pinned.query<{ n: number }>(`select count(*)::int as n from customers where parent_id is null`)).rows[0]!.n;
      log(`Marketing: ${holdersCount} titulares (${bench.holders.length} na escala); log ${LOG_LEVEL}; ${machine()}`);
      const times: number[] = [];
      const campaignIds: number[] = [];
      let queued = 0;
      try {
        for (let i = 0; i < RUNS; i++) {
          const created = await pinned.query<{ id: number }>(
            `insert into campaigns (name, filter_name, query, channel, templates, created_by_name)
             values ('Bench', 'Titulares', $1::jsonb, 'email', $2::jsonb, 'bench') returning id`,
            [JSON.stringify(holders), JSON.stringify({ email: emId })],
          );
          const id = created.rows[0]!.id;
          campaignIds.push(id);
          const t0 = performance.now();
          const result = await app.services.marketing.send(db, id);
          times.push(performance.now() - t0);
          queued = result!.queued;
          if (queued !== holdersCount) throw new Error(`${queued} e-mails na fila, e não ${holdersCount}`);
        }
      } finally {
        if (campaignIds.length) {
          await pinned.query(`delete from outbox where id in (select outbox_id from campaign_recipients where campaign_id = any($1::int[]))`, [
            campaignIds,
          ]);
          await pinned.query(`delete from campaigns where id = any($1::int[])`, [campaignIds]);
        }
        await pinned.query(`delete from message_templates where em_id = $1`, [emId]);
      }
      const worst = Math.max(...times);
      log('Resultado:');
      log(
        `  campanha por e-mail a ${queued} titulares na fila de saída: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (meta ≤ ${TARGET / 1000} s)${worst <= TARGET ? ' OK' : ' ABAIXO DA META'}`,
      );
      log(`  ${machine()}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return worst <= TARGET;
    } finally {
      await pinned.query(`update customers c set cust_email = s.cust_email, cust_recusa_campanhas = s.cust_recusa_campanhas
                            from bench_mkt_saved s where s.cst_id = c.cst_id`);
      await pinned.query(`drop table if exists bench_mkt_saved`);
      pinned.release();
      await app.close().catch(() => {});
    }
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, main);
