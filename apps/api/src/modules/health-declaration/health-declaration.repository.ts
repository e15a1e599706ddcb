import { sql } from 'drizzle-orm';
import type { Executor } from '../../lib/audit.js';

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
           and s.suc_id in (${sql.join(
             plans.map((id) => sql`${id}`),
             sql`, `,
           )})
           and (cs.csl_inicio is null or cs.csl_inicio <= p.d1)
           and (cs.csl_fim is null or cs.csl_fim >= p.d0)
         order by c.parent_id is not null, c.cust_name, c.cst_id, s.suc_id`);
      return result.rows;
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
