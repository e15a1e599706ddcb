import { sql } from 'drizzle-orm';
import { ASSOCIATION_PAYROLL, BOLETO, NO_BILLING } from '@assoc/domain';
import type { Db } from '../client.js';

/** The demo boleto bank: Banco do Brasil, the documented test convênio, wallet 17 (the BOLETO_* defaults). */
const DEMO_BOLETO = { bank: '001', agreement: '1474166', wallet: '17' } as const;
/** Return codes given to rejected demo charges (CNAB 150 record F). */
const REJECTION_CODES = [1, 1, 1, 2, 4, 15, 30];

/**
 * Demo charges (issue 14): for every holder with a debit place that bills (not "Sem cobrança bancária"), one charge
 * per locked period of the ledger whose entries add up to a debt, for that total, due on the billing day of the next
 * month at the holder's debit place (a holder without one gets a boleto). Outcomes are deterministic per holder and
 * period: most paid (code 0, two days after the due date), about 7 % rejected (codes 1, 2, 4, 15, 30) and, in the
 * latest locked period, about 15 % still open (no return; also every charge whose return date would be in the
 * future). One set-based statement: about 720,000 rows at 30,000 holders with two years of ledger. Runs after the
 * ledger's demo data.
 */
export async function seedCharges(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  await db.execute(sql`truncate table charges restart identity`);
  await db.execute(sql`select setval('charges_nosso_numero_seq', 1, false)`);
  const codes = sql.raw(`array[${REJECTION_CODES.join(',')}]`);
  const result = await db.execute(sql`
    with billed as (
      select e.cst_id, p.fec_id, p.fec_ano, p.fec_mes, sum(e.ext_valor)::int as total
      from statement_entries e
      join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
      where e.ext_tipo <> 'pagamento'
      group by e.cst_id, p.fec_id, p.fec_ano, p.fec_mes
      having sum(e.ext_valor) > 0
    ), latest as (select max(fec_id) as fec_id from closing_periods where locked_at is not null),
    rows as (
      select b.*, coalesce(c.bnk_id, ${BOLETO}) as bnk_id, c.bnkacc_branch, c.bnkacc_branch_digit, c.bnkacc_account, c.bnkacc_account_digit,
             (make_date(b.fec_ano, b.fec_mes, 1) + interval '1 month' + make_interval(days => least(coalesce(c.cust_cobranca_dia, 4), 28) - 1))::date as due,
             (b.cst_id * 7919 + b.fec_id * 104729) % 100 as h,
             b.fec_id = (select fec_id from latest) as is_latest
      from billed b join customers c on c.cst_id = b.cst_id and c.parent_id is null
      where c.bnk_id is distinct from ${NO_BILLING}
    ), outcome as (
      select r.*,
             case when (r.is_latest and r.h < 15) or r.due + 2 > current_date then null
                  when r.h between 15 and 21 then (${codes})[r.h - 14]
                  else 0 end as code
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
           case when o.code is null then null when o.code = 0 then o.due + 2 else o.due + 1 end,
           o.code,
           make_date(o.fec_ano, o.fec_mes, 1) + interval '1 month'
    from outcome o
    order by o.cst_id, o.fec_id`);
  await db.execute(sql`analyze charges`);
  log(`Cobranças: ${result.rowCount ?? 0} em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
