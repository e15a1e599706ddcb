import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';

/**
 * Demo call records (issue 14 item 5): for every phone-plan service row (products named '…celular…', except the
 * instalment-paid handset) of a holder or dependent, 6 to 12 records in each of the last three months, deterministic
 * (derived from the row's id, the month and the record's index), in one statement.
 */
export async function seedMobileCalls(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`truncate table mobile_calls restart identity`);
  await db.execute(sql`
    insert into mobile_calls (cst_id, resp_id, mc_responsavel, mc_ano, mc_mes, mc_data, mc_numero, mc_tipo, mc_destino, mc_qtde, mc_valor, mc_import)
    select coalesce(p.parent_id, p.cst_id), p.cst_id, left(p.cust_name, 80),
           extract(year from m.month)::int, extract(month from m.month)::int,
           (m.month + make_interval(days => (cs.csl_id * 7 + i * 3) % 27, hours => 8 + (cs.csl_id + i * 5) % 12, mins => (cs.csl_id * 13 + i * 17) % 60))
             at time zone 'America/Sao_Paulo',
           '119' || lpad(((cs.csl_id::bigint * 7919) % 100000000)::text, 8, '0'),
           t.tipo,
           case when t.tipo = 'Dados' then 'Internet' else '11' || lpad((((cs.csl_id::bigint + i) * 104729) % 1000000000)::text, 9, '9') end,
           t.qtde, t.valor, 'demo'
      from customer_services cs
      join services s on s.svc_id = cs.svc_id
      join products pr on pr.suc_id = s.suc_id
      join customers p on p.cst_id = cs.cst_id
      cross join lateral (select (date_trunc('month', now() at time zone 'America/Sao_Paulo') - make_interval(months => k))::timestamp as month, k
                            from generate_series(1, 3) k) m
      cross join lateral generate_series(1, 6 + (cs.csl_id + m.k) % 7) i
      cross join lateral (select case (cs.csl_id + i) % 4 when 0 then 'Ligação local' when 1 then 'Ligação DDD' when 2 then 'SMS' else 'Dados' end as tipo) tt
      cross join lateral (select tt.tipo,
                                 case tt.tipo when 'SMS' then 1 when 'Dados' then 50 + (cs.csl_id * i) % 950 else 1 + (cs.csl_id + i * 7) % 30 end as qtde,
                                 case tt.tipo when 'SMS' then 25 when 'Dados' then 0 else 10 + (cs.csl_id * 3 + i * 11) % 290 end as valor) t
     where pr.suc_name ilike '%celular%' and s.svc_name not ilike '%aparelho%'`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from mobile_calls`);
  log(`Extrato do celular: ${count.rows[0]!.n} registros de ligações`);
}
