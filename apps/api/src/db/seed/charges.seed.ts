import { sql } from 'drizzle-orm';
import { ASSOCIATION_PAYROLL, BOLETO, NO_BILLING } from '@assoc/domain';
import type { Db } from '../client.js';

/** The demo boleto bank: Banco do Brasil, the documented test convênio, wallet 17 (the BOLETO_* defaults). */
export const DEMO_BOLETO = { bank: '001', agreement: '1474166', wallet: '17' } as const;
/** Return codes given to rejected demo charges (CNAB 150 record F). */
const REJECTION_CODES = [1, 1, 1, 2, 4, 15, 30];

/**
 * Demo charges (issue 14), following the demo ledger: the monthly closing creates one charge per holder and locked
 * period for what it billed (the period's 'fechamento' entries), due on the holder's billing day of the next month, at
 * the holder's debit place (a holder without one gets a boleto; "Sem cobrança bancária" none). The ledger's bank return
 * decides the outcome: a 'pagamento' entry of that amount in the next period settles it (code 0, returned on the
 * payment's date); without one the charge was rejected (codes 1, 2, 4, 15, 30, returned the day after its due date),
 * except in the latest locked period, whose charge still waits for its return. One set-based statement (about 720,000
 * rows at 30,000 holders with two years of ledger). Runs after the ledger's demo data; a period closed by the product's
 * closing (a 'done' run in `closings`: the demo's last closed month) already has the closing's own charges and is left
 * as it is.
 */
export async function seedCharges(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  // The charges of a period closed by the product's closing (seedLedger's last closed month) are the closing's own: kept.
  await db.execute(sql`delete from charges where fec_id is null`);
  await db.execute(sql`select setval('charges_nosso_numero_seq', coalesce((select max(cob_nosso_numero) from charges), 0) + 1, false)`);
  const codes = sql.raw(`array[${REJECTION_CODES.join(',')}]`);
  const result = await db.execute(sql`
    with periods as (
      select fec_id, fec_ano, fec_mes, locked_at, row_number() over (order by fec_ano, fec_mes) as n from closing_periods
    ), billed as (
      select e.cst_id, p.fec_id, p.fec_ano, p.fec_mes, p.n, sum(e.ext_valor)::int as total
      from statement_entries e
      join periods p on p.fec_id = e.fec_id and p.locked_at is not null
      where e.ext_tipo = 'fechamento'
        and not exists (select 1 from closings k where k.fec_id = p.fec_id and k.status = 'done')
      group by e.cst_id, p.fec_id, p.fec_ano, p.fec_mes, p.n
      having sum(e.ext_valor) > 0
    ), rows as (
      select b.*, coalesce(c.bnk_id, ${BOLETO}) as bnk_id, c.bnkacc_branch, c.bnkacc_branch_digit, c.bnkacc_account, c.bnkacc_account_digit,
             (make_date(b.fec_ano, b.fec_mes, 1) + interval '1 month' + make_interval(days => least(coalesce(c.cust_cobranca_dia, 4), 28) - 1))::date as due,
             (select min(x.ext_date) from statement_entries x join periods q on q.fec_id = x.fec_id and q.n = b.n + 1
              where x.cst_id = b.cst_id and x.ext_tipo = 'pagamento' and x.ext_valor = -b.total) as paid_at,
             b.n = (select max(n) from periods where locked_at is not null) as is_latest
      from billed b join customers c on c.cst_id = b.cst_id and c.parent_id is null
      where c.bnk_id is distinct from ${NO_BILLING}
    ), outcome as (
      select r.*,
             case when r.paid_at is not null then 0
                  when r.is_latest or r.due + 1 > current_date then null
                  else (${codes})[1 + (r.cst_id + r.n)::int % ${REJECTION_CODES.length}] end as code
      from rows r
    )
    insert into charges (cst_id, bnk_id, cob_agencia, cob_agencia_dv, cob_conta, cob_conta_dv, cob_banco, cob_convenio, cob_carteira,
                         cob_nosso_numero, cob_vencimento, cob_valor, cob_retorno, cdr_cod_ret, created_at)
    select o.cst_id, o.bnk_id,
           case when o.bnk_id in (${BOLETO}, ${ASSOCIATION_PAYROLL}) then null else o.bnkacc_branch end,
           case when o.bnk_id in (${BOLETO}, ${ASSOCIATION_PAYROLL}) then null else o.bnkacc_branch_digit end,
           case when o.bnk_id = ${BOLETO} then null else o.bnkacc_account end,
           case when o.bnk_id = ${BOLETO} then null else o.bnkacc_account_digit end,
           case when o.bnk_id = ${BOLETO} then ${DEMO_BOLETO.bank} end,
           case when o.bnk_id = ${BOLETO} then ${DEMO_BOLETO.agreement} end,
           case when o.bnk_id = ${BOLETO} then ${DEMO_BOLETO.wallet} end,
           case when o.bnk_id = ${BOLETO} then nextval('charges_nosso_numero_seq') end,
           o.due, o.total,
           case when o.code is null then null when o.code = 0 then (o.paid_at at time zone 'America/Sao_Paulo')::date else o.due + 1 end,
           o.code,
           make_date(o.fec_ano, o.fec_mes, 1) + interval '1 month'
    from outcome o
    order by o.cst_id, o.n`);
  await db.execute(sql`analyze charges`);
  log(`Cobranças: ${result.rowCount ?? 0} em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
