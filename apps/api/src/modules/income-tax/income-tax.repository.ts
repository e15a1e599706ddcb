import { sql } from 'drizzle-orm';
import type { Executor } from '../../lib/audit.js';

export interface IncomeTaxRow {
  respId: number;
  irgrpId: number;
  grupo: string;
  valor: number;
}

export interface PersonRow {
  cstId: number;
  parentId: number | null;
  nome: string;
  cpf: string | null;
  nascimento: string | null;
  parentesco: number | null;
  email: string | null;
  situacao: number | null;
  irPorEmail: boolean;
}

/**
 * The income tax's SQL. Amounts come from the ledger: the entries of the base year's locked periods (fec_ano) whose
 * service has an IR group (services.irgrp_id), reversals included (they carry the same service), summed per
 * responsible person and group.
 */
/** The same base years as one JSON array of numbers over the member's row `c` (read in GET user/{cstId}'s statement). */
export const MEMBER_YEARS_JSON = `coalesce((select json_agg(y.ano order by y.ano desc) from (
    select distinct p.fec_ano as ano
      from statement_entries e
      join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
      join services s on s.svc_id = e.svc_id and s.irgrp_id is not null
     where e.cst_id = c.cst_id) y), '[]'::json)`;

export function createIncomeTaxRepository() {
  return {
    async amounts(tx: Executor, cstId: number, ano: number): Promise<IncomeTaxRow[]> {
      const result = await tx.execute<IncomeTaxRow & Record<string, unknown>>(sql`
        select e.resp_id as "respId", g.extgrp_id as "irgrpId", g.extgrp_name as grupo, sum(e.ext_valor)::int as valor
          from statement_entries e
          join closing_periods p on p.fec_id = e.fec_id and p.fec_ano = ${ano} and p.locked_at is not null
          join services s on s.svc_id = e.svc_id
          join extrato_groups g on g.extgrp_id = s.irgrp_id
         where e.cst_id = ${cstId}
         group by e.resp_id, g.extgrp_id, g.extgrp_name, g.extgrp_sort
        having sum(e.ext_valor) <> 0
         order by g.extgrp_sort, g.extgrp_name, e.resp_id`);
      return result.rows;
    },

    /** The holder and the dependents (holder first, then by name). */
    async people(tx: Executor, cstId: number): Promise<PersonRow[]> {
      const result = await tx.execute<PersonRow & Record<string, unknown>>(sql`
        select cst_id as "cstId", parent_id as "parentId", cust_name as nome, cust_cpf as cpf,
               to_char(cust_birthdate, 'YYYY-MM-DD') as nascimento, cust_parentesco as parentesco, cust_email as email,
               cust_assoc_situacao as situacao, cust_ir_por_email as "irPorEmail"
          from customers where cst_id = ${cstId} or parent_id = ${cstId}
         order by parent_id is not null, cust_name, cst_id`);
      return result.rows;
    },

    async person(tx: Executor, cstId: number) {
      const result = await tx.execute<{ parentId: number | null }>(sql`select parent_id as "parentId" from customers where cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /** irDatas: the base years (locked periods) holding entries of a service with an IR group, newest first (MEMBER_YEARS_JSON for one holder). */
    async years(tx: Executor, cstId: number): Promise<number[]> {
      const result = await tx.execute<{ years: number[] }>(
        sql`select ${sql.raw(MEMBER_YEARS_JSON)} as years from (select ${cstId}::int as cst_id) c`,
      );
      return result.rows[0]!.years.map(Number);
    },
  };
}

export type IncomeTaxRepository = ReturnType<typeof createIncomeTaxRepository>;
