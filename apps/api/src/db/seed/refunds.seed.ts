import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../client.js';

const TIME_ZONE = 'America/Sao_Paulo';

/**
 * The refunds' demo (issue 27 "Demo data"), before the ledger (seedLedger writes the credits of the FINALIZADO type-1
 * refunds into the months they were finalised, `seedRefundLedgerMonth`, then `linkRefundLedger` points each at its entry):
 * - the first living holder has one refund of each status and credit type (the showcase, at any scale);
 * - about 1 living holder in 13, and a dependent of about 1 in 17, have one to three refunds over the last 23 months,
 *   on a live service of the catalogue: recent ones EM ANÁLISE or APROVADO, older ones mostly FINALIZADO, some
 *   CANCELADO; about 1 in 4 is a transfer (type 2, C/C, the to-pay list), the rest credits in the ledger;
 * - registered by the Atendimento demo user (v2dev only), approved and finalised by the Financeiro one (v2devapr).
 * Deterministic (derived from the ids).
 */
export async function seedRefunds(db: Db, log: (line: string) => void = () => {}) {
  await db.execute(sql`truncate table refunds restart identity`);
  await db.execute(sql`
    with today as (select now() as t),
    staff as (
      select (select user_id from users where cpf = '22255588846') as req_id, (select user_id from users where cpf = '33366699957') as apr_id
    ),
    chain as (
      select s.svc_id, s.suc_id, pr.sup_id, row_number() over (order by s.svc_id) - 1 as k, count(*) over () as n
        from services s join products pr on pr.suc_id = s.suc_id join suppliers su on su.sup_id = pr.sup_id
       where s.deleted_at is null and pr.deleted_at is null and su.deleted_at is null
    ),
    showcase as (
      select min(c.cst_id) as cst_id from customers c where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao <> 5
    ),
    people as (
      select c.cst_id, false as showcase from customers c
       where c.cust_deceased is null and c.cst_id <> (select cst_id from showcase)
         and ((c.parent_id is null and c.cust_assoc_situacao <> 5 and c.cst_id % 13 = 5) or (c.parent_id is not null and c.cst_id % 17 = 3))
      union all
      select cst_id, true from showcase
    ),
    base as (
      select p.cst_id, p.showcase, i, (p.cst_id * 41 + i * 59) as h
        from people p
        cross join lateral generate_series(1, case when p.showcase then 8 else 1 + p.cst_id % 3 end) i
    ),
    shaped as (
      select b.*,
             case when b.showcase then (array[3, 6, 25, 40, 60, 90, 120, 150])[b.i] else 2 + (b.h % 690) end as age,
             case when b.showcase then (array[1, 1, 2, 2, 3, 3, 4, 4])[b.i] end as fixed_status,
             case when b.showcase then 1 + (b.i + 1) % 2 else case when b.h % 4 = 0 then 2 else 1 end end as tipo
        from base b
    ),
    statused as (
      select sh.*,
             coalesce(sh.fixed_status,
               case when sh.age < 20 then case when sh.h % 3 = 0 then 2 else 1 end
                    when sh.age < 45 then case when sh.h % 5 = 0 then 4 when sh.h % 2 = 0 then 2 else 3 end
                    else case when sh.h % 7 = 0 then 4 else 3 end end) as status,
             (select t from today) - make_interval(days => sh.age, hours => sh.h % 9) as created
        from shaped sh
    )
    insert into refunds (cst_id, dev_status, dev_tipo, dev_valor, sup_id, suc_id, svc_id, observacoes, created_at, created_by, created_by_name,
      approved_at, approved_by, approved_by_name, closed_at, closed_by, closed_by_name, updated_at)
    select st.cst_id, st.status, st.tipo, 1500 + (st.h::bigint * 7919) % 248500, c.sup_id, c.suc_id, c.svc_id,
           (array['Cobrança em duplicidade no mês', 'Serviço cancelado antes do fechamento', 'Reajuste aplicado indevidamente',
                  'Desconto em folha e débito em conta no mesmo mês', null])[1 + st.h % 5],
           st.created, (select req_id from staff), 'Bruno Atendimento',
           case when st.status in (2, 3) then st.created + interval '2 days' end,
           case when st.status in (2, 3) then (select apr_id from staff) end,
           case when st.status in (2, 3) then 'Carla Financeiro' end,
           case when st.status in (3, 4) then least(st.created + interval '5 days', (select t from today)) end,
           case when st.status = 3 then (select apr_id from staff) when st.status = 4 then (select req_id from staff) end,
           case when st.status = 3 then 'Carla Financeiro' when st.status = 4 then 'Bruno Atendimento' end,
           st.created
      from statused st
      join chain c on c.k = st.h % c.n
     order by st.created, st.cst_id, st.i`);
  const count = await db.execute<{ n: number; people: number }>(sql`select count(*)::int as n, count(distinct cst_id)::int as people from refunds`);
  log(`Devoluções: ${count.rows[0]!.n} de ${count.rows[0]!.people} associados`);
}

/**
 * The ledger side of the refunds' demo, inside seedLedger's month loop (a month's entries are written before it is
 * locked): the credit of each FINALIZADO type-1 refund finalised in that month, on its service, as the service writes it
 * (key devolucao:{devId}, refundMessages.ledgerCredit's text).
 */
export async function seedRefundLedgerMonth(tx: Executor, fecId: number, month: SQL) {
  await tx.execute(sql`
    insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, svc_id, ext_valor, ext_tipo, ext_key,
      ext_created_by_name, ext_created)
    select h.cst_id, ${fecId}, least(r.closed_at, now()), left('Devolução nº ' || r.dev_id || ' - ' || s.svc_name, 120), p.cst_id,
           left(p.cust_name, 80), r.svc_id, -r.dev_valor, 'credito', 'devolucao:' || r.dev_id, left(r.closed_by_name, 64), least(r.closed_at, now())
      from refunds r
      join customers p on p.cst_id = r.cst_id
      join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
      join services s on s.svc_id = r.svc_id
     where r.dev_status = 3 and r.dev_tipo = 1 and date_trunc('month', r.closed_at at time zone ${TIME_ZONE}) = ${month}
     order by r.closed_at, r.dev_id`);
}

/** After the ledger: each credited refund points at its entry. */
export async function linkRefundLedger(db: Db) {
  await db.execute(sql`
    update refunds r set ext_id = e.ext_id from statement_entries e
     where e.ext_key = 'devolucao:' || r.dev_id and r.dev_status = 3 and r.dev_tipo = 1`);
}
