import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The columns of a stored refund as the record schema names them (timestamps as ISO text, money in cents). */
const RECORD = sql`
  r.dev_id as "devId", r.cst_id as "cstId", h.cst_id as "titId", h.cust_name as "titNome", p.cust_name as "custName",
  coalesce(p.cust_cpf, '') as "custCpf", r.dev_status as "devStatus", r.dev_tipo as "devTipo", r.dev_valor as "devValor",
  r.sup_id as "supId", r.suc_id as "sucId", r.svc_id as "svcId", s.svc_name as "svcName", r.observacoes,
  to_json(r.created_at) #>> '{}' as "createdDate", r.created_by_name as "createdByName",
  r.approved_by_name as "approvedByName", to_json(r.approved_at) #>> '{}' as "approvedDate",
  r.closed_by_name as "closedByName", to_json(r.closed_at) #>> '{}' as "closedDate", r.ext_id as "extId", r.version`;

const FROM = sql`
  from refunds r
  join customers p on p.cst_id = r.cst_id
  join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
  join services s on s.svc_id = r.svc_id`;

export type StoredRefund = {
  devId: number;
  cstId: number;
  titId: number;
  titNome: string;
  custName: string;
  custCpf: string;
  devStatus: number;
  devTipo: number;
  devValor: number;
  supId: number;
  sucId: number;
  svcId: number;
  svcName: string;
  observacoes: string | null;
  createdDate: string;
  createdByName: string;
  approvedByName: string | null;
  approvedDate: string | null;
  closedByName: string | null;
  closedDate: string | null;
  extId: number | null;
  version: number;
};

export interface RefundFilter {
  status: number;
  q: string | null;
}

/** What a search names: a CPF (11 digits, punctuation allowed) or a piece of a name (accents ignored). */
function matcherOf(q: string) {
  const digits = q.replace(/\D/g, '');
  if (digits.length === 11 && /^[\d.\-\s]+$/.test(q)) return (alias: SQL) => sql`${alias}.cust_cpf = ${digits}`;
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return (alias: SQL) => sql`${alias}.search_name like f_unaccent(lower(${pattern}))`;
}

/**
 * The search of the list's page and the export: the person's or the holder's name or CPF, on the rows joined to both
 * (the page walks the status index newest first and stops at its last row).
 */
function searchOf(q: string | null): SQL {
  if (!q) return sql``;
  const match = matcherOf(q);
  return sql`and (${match(sql`p`)} or ${match(sql`h`)})`;
}

/**
 * The same search as a set of people (the matching people and the dependents of matching holders), each side by its
 * own index: what the count and the sum of a search read (half the time of the joined form over a common name).
 */
function searchSetOf(q: string | null): SQL {
  if (!q) return sql``;
  const match = matcherOf(q);
  return sql`and r.cst_id in (
    select x.cst_id from customers x where ${match(sql`x`)}
    union all
    select d.cst_id from customers x join customers d on d.parent_id = x.cst_id where ${match(sql`x`)})`;
}

/** refunds (migration 0043). Every method takes the caller's executor. */
export function createRefundsRepository() {
  return {
    async list(db: Executor, f: RefundFilter & { page: number; pageSize: number }) {
      const where = sql`where r.dev_status = ${f.status} ${searchOf(f.q)}`;
      const whereSet = sql`where r.dev_status = ${f.status} ${searchSetOf(f.q)}`;
      // The page by the status index; the count and the sum apart (a window over the page query read every row).
      const page = await db.execute<StoredRefund>(sql`
        select ${RECORD} ${FROM} ${where}
         order by r.created_at desc, r.dev_id desc
         limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`);
      const totals = await db.execute<{ n: number; sum: number }>(
        sql`select count(*)::int as n, coalesce(sum(r.dev_valor), 0)::bigint as sum from refunds r ${whereSet}`,
      );
      return { rows: page.rows, total: totals.rows[0]!.n, totalValor: Number(totals.rows[0]!.sum) };
    },

    /** Every row of a filter, for the export (the list's order), with the creation day as DD/MM/YYYY (São Paulo). */
    async all(db: Executor, f: RefundFilter) {
      const result = await db.execute<StoredRefund & { createdDay: string }>(sql`
        select ${RECORD}, to_char(r.created_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') as "createdDay"
        ${FROM} where r.dev_status = ${f.status} ${searchOf(f.q)} order by r.created_at desc, r.dev_id desc`);
      return result.rows;
    },

    async get(db: Executor, devId: number, lock = false): Promise<StoredRefund | null> {
      const result = await db.execute<StoredRefund>(sql`select ${RECORD} ${FROM} where r.dev_id = ${devId} ${lock ? sql`for update of r` : sql``}`);
      return result.rows[0] ?? null;
    },

    /** The person and their holder (null: no such person). */
    async person(db: Executor, cstId: number) {
      const result = await db.execute<{ cstId: number; holderId: number; name: string; cpf: string | null; holderName: string }>(sql`
        select p.cst_id as "cstId", h.cst_id as "holderId", p.cust_name as name, p.cust_cpf as cpf, h.cust_name as "holderName"
          from customers p join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id) where p.cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /** Whether the service belongs to the product and the product to the supplier (live rows). */
    async serviceChain(db: Executor, supId: number, sucId: number, svcId: number) {
      const result = await db.execute<{ svcName: string }>(sql`
        select s.svc_name as "svcName" from services s join products pr on pr.suc_id = s.suc_id
         where s.svc_id = ${svcId} and s.suc_id = ${sucId} and pr.sup_id = ${supId} and s.deleted_at is null and pr.deleted_at is null`);
      return result.rows[0] ?? null;
    },

    async insert(
      tx: Executor,
      row: {
        cstId: number;
        devStatus: number;
        devTipo: number;
        devValor: number;
        supId: number;
        sucId: number;
        svcId: number;
        observacoes: string | null;
      },
      actor: { userId: number; name: string },
    ): Promise<number> {
      const approved = row.devStatus === 2;
      const result = await tx.execute<{ devId: number }>(sql`
        insert into refunds (cst_id, dev_status, dev_tipo, dev_valor, sup_id, suc_id, svc_id, observacoes, created_by, created_by_name,
          approved_at, approved_by, approved_by_name)
        values (${row.cstId}, ${row.devStatus}, ${row.devTipo}, ${row.devValor}, ${row.supId}, ${row.sucId}, ${row.svcId}, ${row.observacoes},
          ${actor.userId}, ${actor.name.slice(0, 64)}, ${approved ? sql`now()` : null}, ${approved ? actor.userId : null},
          ${approved ? actor.name.slice(0, 64) : null})
        returning dev_id as "devId"`);
      return result.rows[0]!.devId;
    },

    /**
     * A save over the version read: the status and the notes; moving to 2 records the approver, to 3 or 4 who closed it.
     * Answers false when the row moved on (the caller answers 409).
     */
    async update(
      tx: Executor,
      devId: number,
      version: number,
      row: { devStatus: number; observacoes: string | null; from: number },
      actor: { userId: number; name: string },
    ): Promise<boolean> {
      const name = actor.name.slice(0, 64);
      const approving = row.devStatus === 2 && row.from !== 2;
      const closing = row.devStatus >= 3 && row.from < 3;
      const result = await tx.execute(sql`
        update refunds set dev_status = ${row.devStatus}, observacoes = ${row.observacoes}, version = version + 1, updated_at = now()
          ${approving ? sql`, approved_at = now(), approved_by = ${actor.userId}, approved_by_name = ${name}` : sql``}
          ${closing ? sql`, closed_at = now(), closed_by = ${actor.userId}, closed_by_name = ${name}` : sql``}
         where dev_id = ${devId} and version = ${version}`);
      return (result.rowCount ?? 0) > 0;
    },

    async setCredit(tx: Executor, devId: number, extId: number) {
      await tx.execute(sql`update refunds set ext_id = ${extId} where dev_id = ${devId}`);
    },

    async remove(tx: Executor, devId: number, version: number): Promise<boolean> {
      const result = await tx.execute(sql`delete from refunds where dev_id = ${devId} and version = ${version} and dev_status <> 3`);
      return (result.rowCount ?? 0) > 0;
    },

    /** Holders and dependents (with their holder) by name (accents ignored; words in order) or CPF, living first, by name. */
    async search(db: Executor, q: string, limit = 30) {
      const digits = q.replace(/\D/g, '');
      const where =
        digits.length >= 3 && /^[\d.\-\s]+$/.test(q)
          ? sql`p.cust_cpf like ${`${digits}%`}`
          : sql`p.search_name like f_unaccent(lower(${`%${q
              .replace(/[\\%_]/g, '\\$&')
              .split(/\s+/)
              .join('%')}%`}))`;
      const result = await db.execute<{
        cstId: number;
        custName: string;
        custCPF: string | null;
        titular: boolean;
        parentId: number | null;
        custTitularName: string;
      }>(sql`
        select p.cst_id as "cstId", p.cust_name as "custName", p.cust_cpf as "custCPF", p.parent_id is null as titular,
               p.parent_id as "parentId", h.cust_name as "custTitularName"
          from customers p join customers h on h.cst_id = coalesce(p.parent_id, p.cst_id)
         where ${where}
         order by p.cust_deceased is not null, p.cust_name collate pt_br, p.cst_id
         limit ${limit}`);
      return result.rows;
    },

    /** FINALIZADO type-2 refunds finalised in the range, with the holder's bank account, oldest first. */
    async toPay(db: Executor, range: { de?: string; ate?: string }) {
      const result = await db.execute<{
        devId: number;
        custName: string;
        titNome: string;
        titCpf: string | null;
        devValor: number;
        svcName: string;
        closedDate: string;
        bnkId: number | null;
        branch: string | null;
        branchDigit: string | null;
        account: string | null;
        accountDigit: string | null;
      }>(sql`
        select r.dev_id as "devId", p.cust_name as "custName", h.cust_name as "titNome", h.cust_cpf as "titCpf", r.dev_valor as "devValor",
               s.svc_name as "svcName", to_json(r.closed_at) #>> '{}' as "closedDate", h.bnk_id as "bnkId", h.bnkacc_branch as branch,
               h.bnkacc_branch_digit as "branchDigit", h.bnkacc_account as account, h.bnkacc_account_digit as "accountDigit"
          ${FROM}
         where r.dev_status = 3 and r.dev_tipo = 2
           ${range.de ? sql`and r.closed_at >= (${range.de}::date)::timestamp at time zone 'America/Sao_Paulo'` : sql``}
           ${range.ate ? sql`and r.closed_at < (${range.ate}::date + 1)::timestamp at time zone 'America/Sao_Paulo'` : sql``}
         order by r.closed_at, r.dev_id`);
      return result.rows;
    },
  };
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>;
