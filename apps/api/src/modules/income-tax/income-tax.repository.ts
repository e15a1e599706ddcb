import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface IncomeTaxRow {
  respId: number;
  irgrpId: number;
  grupo: string;
  /** Paid and reimbursed in the year (HEALTH_PAID, HEALTH_REIMBURSED), cents. */
  valor: number;
  reembolsado: number;
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
 * Which ledger entries the informe de rendimentos (IRPF code 26, "Planos de saúde no Brasil") and the health declaration
 * read: one rule for both (issue 22 item 2). An entry counts when its service's IR group (services.irgrp_id) is a
 * health-plan group (extrato_groups.extgrp_saude, marked in Cadastros → Grupos (Extrato/IR)); the Fundo de Pecúlio, life
 * insurance and any other IR group never do. Of those entries, "paid" is every entry but the credits (monthly fees,
 * co-payments, and the reversals that lower them) and "reimbursed" the credits issued on a plan service (a refund of a
 * plan expense), a reversal counting with the kind of the entry it reverses: the two are shown apart, never netted.
 * The joins expect the entry as `e` and add `s` (service), `g` (the IR group) and `pe` (the entry a reversal reverses).
 */
export const HEALTH_ENTRY_JOINS_SQL = `join services s on s.svc_id = e.svc_id
  join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
  left join statement_entries pe on pe.ext_id = e.ext_estorno_parent`;
export const HEALTH_ENTRY_JOINS = sql.raw(HEALTH_ENTRY_JOINS_SQL);
/** Paid and reimbursed (cents, int) over the rows of HEALTH_ENTRY_JOINS. */
export const HEALTH_PAID = sql`coalesce(sum(e.ext_valor) filter (where coalesce(pe.ext_tipo, e.ext_tipo) <> 'credito'), 0)::int`;
export const HEALTH_REIMBURSED = sql`coalesce(-sum(e.ext_valor) filter (where coalesce(pe.ext_tipo, e.ext_tipo) = 'credito'), 0)::int`;

/**
 * The income tax's SQL. Amounts come from the ledger: the entries of the base year's locked periods (fec_ano) that
 * HEALTH_ENTRY_JOINS admits, reversals included (they carry the same service), per responsible person and IR group.
 */
/** The same base years as one JSON array of numbers over the member's row `c` (read in GET user/{cstId}'s statement). */
export const MEMBER_YEARS_JSON = `coalesce((select json_agg(y.ano order by y.ano desc) from (
    select distinct p.fec_ano as ano
      from statement_entries e
      join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
      ${HEALTH_ENTRY_JOINS_SQL}
     where e.cst_id = c.cst_id) y), '[]'::json)`;

export function createIncomeTaxRepository() {
  return {
    async amounts(tx: Executor, cstId: number, ano: number): Promise<IncomeTaxRow[]> {
      const result = await tx.execute<IncomeTaxRow & Record<string, unknown>>(sql`
        select e.resp_id as "respId", g.extgrp_id as "irgrpId", g.extgrp_name as grupo, ${HEALTH_PAID} as valor,
               ${HEALTH_REIMBURSED} as reembolsado
          from statement_entries e
          join closing_periods p on p.fec_id = e.fec_id and p.fec_ano = ${ano} and p.locked_at is not null
          ${HEALTH_ENTRY_JOINS}
         where e.cst_id = ${cstId}
         group by e.resp_id, g.extgrp_id, g.extgrp_name, g.extgrp_sort
        having ${HEALTH_PAID} <> 0 or ${HEALTH_REIMBURSED} <> 0
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

    /** irDatas: the base years (locked periods) holding entries of a service of a health IR group, newest first (MEMBER_YEARS_JSON for one holder). */
    async years(tx: Executor, cstId: number): Promise<number[]> {
      const result = await tx.execute<{ years: number[] }>(
        sql`select ${sql.raw(MEMBER_YEARS_JSON)} as years from (select ${cstId}::int as cst_id) c`,
      );
      return result.rows[0]!.years.map(Number);
    },
  };
}

export type IncomeTaxRepository = ReturnType<typeof createIncomeTaxRepository>;
