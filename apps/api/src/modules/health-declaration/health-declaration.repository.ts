import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { HEALTH_ENTRY_JOINS, HEALTH_PAID, HEALTH_REIMBURSED } from '../income-tax/income-tax.repository.js';

export interface PlanMemberRow {
  cstId: number;
  parentId: number | null;
  name: string;
  cpf: string | null;
  birthdate: string | null;
  parentesco: number | null;
  sucId: number;
  plan: string;
}

/** What a beneficiary (holder or dependent) paid to the health plans in a period and was reimbursed (cents). */
export interface PlanPaymentRow {
  cstId: number;
  parentId: number | null;
  name: string;
  cpf: string | null;
  parentesco: number | null;
  pago: number;
  reembolsado: number;
}

const inPlans = (plans: readonly number[]) =>
  sql.join(
    plans.map((id) => sql`${id}`),
    sql`, `,
  );

export function createHealthDeclarationRepository() {
  return {
    /** The holder (or null), with what the declaration and its e-mail print. */
    async holder(tx: Executor, cstId: number) {
      const result = await tx.execute<{ cstId: number; parentId: number | null; name: string; email: string | null }>(sql`
        select cst_id as "cstId", parent_id as "parentId", cust_name as name, cust_email as email from customers where cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /** The period's first and last days, or null when it does not exist. */
    async period(tx: Executor, fecId: number) {
      const result = await tx.execute<{ fecAno: number; fecMes: number }>(sql`
        select fec_ano as "fecAno", fec_mes as "fecMes" from closing_periods where fec_id = ${fecId}`);
      return result.rows[0] ?? null;
    },

    /**
     * The holder and the dependents enrolled in a health plan of `plans` (products) whose service row is active in the
     * month (cslInicio / cslFim overlap it), one row per person and plan, the holder first.
     */
    async planMembers(tx: Executor, cstId: number, ano: number, mes: number, plans: readonly number[]): Promise<PlanMemberRow[]> {
      const result = await tx.execute<PlanMemberRow & Record<string, unknown>>(sql`
        with p as (select make_date(${ano}::int, ${mes}::int, 1) as d0,
                          (make_date(${ano}::int, ${mes}::int, 1) + interval '1 month' - interval '1 day')::date as d1)
        select distinct on (c.parent_id is not null, c.cust_name, c.cst_id, s.suc_id)
               c.cst_id as "cstId", c.parent_id as "parentId", c.cust_name as name, c.cust_cpf as cpf,
               to_char(c.cust_birthdate, 'YYYY-MM-DD') as birthdate, c.cust_parentesco as parentesco,
               s.suc_id as "sucId", pr.suc_name as plan
          from customers c
          join customer_services cs on cs.cst_id = c.cst_id
          join services s on s.svc_id = cs.svc_id
          join products pr on pr.suc_id = s.suc_id
          cross join p
         where (c.cst_id = ${cstId} or c.parent_id = ${cstId})
           and s.suc_id in (${inPlans(plans)})
           and (cs.csl_inicio is null or cs.csl_inicio <= p.d1)
           and (cs.csl_fim is null or cs.csl_fim >= p.d0)
         order by c.parent_id is not null, c.cust_name, c.cst_id, s.suc_id`);
      return result.rows;
    },

    /**
     * The holder's ledger entries of the period on a service of `plans` that the informe de rendimentos also counts (its
     * IR group is a health-plan group: the income-tax module's HEALTH_ENTRY_JOINS, issue 22 item 2), per responsible
     * person (the holder when the entry names none): paid (HEALTH_PAID: fees, co-payments, net of their reversals) and
     * reimbursed (HEALTH_REIMBURSED: the credits issued on a plan service, net of their reversals), as the informe shows
     * them. Uses statement_entries_holder_idx (cst_id, fec_id).
     */
    async payments(tx: Executor, cstId: number, fecId: number, plans: readonly number[]): Promise<PlanPaymentRow[]> {
      const result = await tx.execute<PlanPaymentRow & Record<string, unknown>>(sql`
        with a as (
          select coalesce(e.resp_id, e.cst_id) as resp, max(e.ext_responsavel) as responsavel,
                 ${HEALTH_PAID} as pago, ${HEALTH_REIMBURSED} as reembolsado
            from statement_entries e
            ${HEALTH_ENTRY_JOINS}
           where e.cst_id = ${cstId} and e.fec_id = ${fecId} and s.suc_id in (${inPlans(plans)})
           group by 1)
        select a.resp as "cstId", c.parent_id as "parentId", coalesce(c.cust_name, nullif(a.responsavel, ''), 'Beneficiário') as name,
               c.cust_cpf as cpf, c.cust_parentesco as parentesco, a.pago, a.reembolsado
          from a left join customers c on c.cst_id = a.resp
         order by a.resp <> ${cstId}, 3, 1`);
      return result.rows;
    },

    /**
     * The holders (by cst_id, after `after`) of whom the holder or a dependent holds a service of product `plan` active
     * in the month: the menu jobs declaracaosaude-email / -export (issue 30 item 1), one page at a time.
     */
    async planHoldersAfter(tx: Executor, plan: number, ano: number, mes: number, after: number, limit: number) {
      const result = await tx.execute<{ cstId: number; name: string; email: string | null; cpf: string | null; numero: string | null }>(sql`
        with p as (select make_date(${ano}::int, ${mes}::int, 1) as d0,
                          (make_date(${ano}::int, ${mes}::int, 1) + interval '1 month' - interval '1 day')::date as d1)
        select h.cst_id as "cstId", h.cust_name as name, nullif(trim(h.cust_email), '') as email, h.cust_cpf as cpf,
               h.cust_numero_interno as numero
          from customers h cross join p
         where h.parent_id is null and h.cst_id > ${after}
           and exists (select 1 from customers c
                         join customer_services cs on cs.cst_id = c.cst_id
                         join services s on s.svc_id = cs.svc_id
                        where (c.cst_id = h.cst_id or c.parent_id = h.cst_id) and s.suc_id = ${plan}
                          and (cs.csl_inicio is null or cs.csl_inicio <= p.d1)
                          and (cs.csl_fim is null or cs.csl_fim >= p.d0))
         order by h.cst_id limit ${limit}`);
      return result.rows;
    },

    /** How many holders planHoldersAfter walks through (the job's progress total). */
    async countPlanHolders(tx: Executor, plan: number, ano: number, mes: number) {
      const result = await tx.execute<{ n: number }>(sql`
        with p as (select make_date(${ano}::int, ${mes}::int, 1) as d0,
                          (make_date(${ano}::int, ${mes}::int, 1) + interval '1 month' - interval '1 day')::date as d1)
        select count(distinct coalesce(c.parent_id, c.cst_id))::int as n
          from customers c
          join customer_services cs on cs.cst_id = c.cst_id
          join services s on s.svc_id = cs.svc_id
          cross join p
         where s.suc_id = ${plan}
           and (cs.csl_inicio is null or cs.csl_inicio <= p.d1)
           and (cs.csl_fim is null or cs.csl_fim >= p.d0)`);
      return result.rows[0]?.n ?? 0;
    },

    /** The newest locked period (the /reports demo of the declaration). */
    async latestLockedPeriod(tx: Executor) {
      const result = await tx.execute<{ fecId: number; fecAno: number; fecMes: number }>(sql`
        select fec_id as "fecId", fec_ano as "fecAno", fec_mes as "fecMes" from closing_periods
         where locked_at is not null order by fec_ano desc, fec_mes desc limit 1`);
      return result.rows[0] ?? null;
    },

    /** The holder's own data for the declaration (also when only dependents are enrolled). */
    async person(tx: Executor, cstId: number) {
      const result = await tx.execute<{ name: string; cpf: string | null; birthdate: string | null }>(sql`
        select cust_name as name, cust_cpf as cpf, to_char(cust_birthdate, 'YYYY-MM-DD') as birthdate from customers where cst_id = ${cstId}`);
      return result.rows[0]!;
    },
  };
}

export type HealthDeclarationRepository = ReturnType<typeof createHealthDeclarationRepository>;
