import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** A closing period as the ledger reads it. */
export interface PeriodRow {
  fecId: number;
  fecAno: number;
  fecMes: number;
  lockedAt: Date | null;
}

/** A stored statement entry with its service's name and the entry that reverses it. */
export interface EntryRow {
  extId: number;
  cstId: number;
  fecId: number;
  extDate: Date;
  extDescricao: string;
  respId: number | null;
  extResponsavel: string;
  svcId: number | null;
  svcName: string;
  cslId: number | null;
  extValor: number;
  extTipo: string;
  extEstornoParent: number | null;
  extEstornoChild: number | null;
  extKey: string | null;
  extCreatedBy: number | null;
  extCreatedByName: string;
  extCreated: Date;
}

/** One row to insert (checked by the service). */
export interface EntryInsert {
  cstId: number;
  respId: number | null;
  svcId: number | null;
  cslId: number | null;
  descricao: string;
  valor: number;
  tipo: string;
  date: Date | null;
  key: string | null;
  estornoParent: number | null;
}

const PERIOD_COLUMNS = sql`fec_id as "fecId", fec_ano as "fecAno", fec_mes as "fecMes", locked_at as "lockedAt"`;
const ENTRY_COLUMNS = sql`e.ext_id as "extId", e.cst_id as "cstId", e.fec_id as "fecId", e.ext_date as "extDate",
  e.ext_descricao as "extDescricao", e.resp_id as "respId", e.ext_responsavel as "extResponsavel", e.svc_id as "svcId",
  coalesce(s.svc_name, '') as "svcName", e.csl_id as "cslId", e.ext_valor as "extValor", e.ext_tipo as "extTipo",
  e.ext_estorno_parent as "extEstornoParent", r.ext_id as "extEstornoChild", e.ext_key as "extKey",
  e.ext_created_by as "extCreatedBy", e.ext_created_by_name as "extCreatedByName", e.ext_created as "extCreated"`;
const ENTRY_JOINS = sql`left join services s on s.svc_id = e.svc_id left join statement_entries r on r.ext_estorno_parent = e.ext_id`;

/** Timestamps come back as text from db.execute: one place turns them into Dates. */
function entryOf(row: Record<string, unknown>): EntryRow {
  return {
    ...(row as unknown as EntryRow),
    extDate: new Date(row.extDate as string),
    extCreated: new Date(row.extCreated as string),
  };
}
const periodOf = (row: Record<string, unknown>): PeriodRow => ({
  ...(row as unknown as PeriodRow),
  lockedAt: row.lockedAt ? new Date(row.lockedAt as string) : null,
});

/**
 * `periodsOf` as one JSON array over the member's row `c` (GET user/{cstId} reads it in the member's own statement):
 * [{ fecId, fecAno, fecMes, locked }], newest first.
 */
export interface MemberPeriod {
  fecId: number;
  fecAno: number;
  fecMes: number;
  locked: boolean;
}
export const MEMBER_PERIODS_JSON = `coalesce((select json_agg(json_build_object('fecId', p.fec_id, 'fecAno', p.fec_ano, 'fecMes', p.fec_mes,
    'locked', p.locked_at is not null) order by p.fec_ano desc, p.fec_mes desc)
  from closing_periods p
  where p.locked_at is null or exists (select 1 from statement_entries e where e.cst_id = c.cst_id and e.fec_id = p.fec_id)), '[]'::json)`;

/**
 * What a holder owes, in SQL: the domain's `holderBalance` (packages/domain/src/ledger/owed.ts, issue 22 item 1) as one
 * scalar subquery, for any caller (the debt, the new charge's limit, the statement's balances, the closing's open
 * balance, dashboards): the sum of every entry of the holder (debits > 0, credits < 0: payments, credits, reversals),
 * whatever its type; charges never count. `holder` is an SQL expression for the holder's cst_id (a column such as
 * sql`c.cst_id` in a set-based query, or a parameter sql`${id}::int`); `before` / `upTo` bound it by period (fec_id
 * order is time order) and sum the entries (an index-only scan of statement_entries_holder_idx). Without a range it
 * reads that same sum from holder_balances, which the database keeps on every insert of entries (migration 0039:
 * entries are insert-only), one primary-key lookup instead of ~60 entries per holder.
 */
export function holderBalanceSql(holder: SQL, range: { before?: number; upTo?: number } = {}): SQL {
  if (range.before === undefined && range.upTo === undefined) {
    return sql`coalesce((select owed_b.balance from holder_balances owed_b where owed_b.cst_id = ${holder}), 0)::bigint`;
  }
  return sql`(select coalesce(sum(owed_e.ext_valor), 0)::bigint from statement_entries owed_e where owed_e.cst_id = ${holder}${
    range.before === undefined ? sql`` : sql` and owed_e.fec_id < ${range.before}`
  }${range.upTo === undefined ? sql`` : sql` and owed_e.fec_id <= ${range.upTo}`})`;
}

/** The domain's `outstandingDebt` of `holderBalanceSql`: what the holder owes, never below zero (bigint). */
export const holderDebtSql = (holder: SQL): SQL => sql`greatest(0, ${holderBalanceSql(holder)})`;

/**
 * `holderDebtSql` of every holder who owes, as a set (cst_id, debt > 0) for a report over all holders (the open
 * balance): one scan of holder_balances that the caller joins, instead of a lookup per holder. The same number.
 */
export const owingHoldersSql = (): SQL => sql`(select owed_b.cst_id, owed_b.balance as debt from holder_balances owed_b where owed_b.balance > 0)`;

/** One holder's statement document data (`statementDocuments`): entries as [date, description, person, service, value]. */
export interface StatementDocumentRow {
  cstId: number;
  name: string;
  cpf: string | null;
  numero: string | null;
  opening: number;
  entries: [string, string, string, string, number][];
}

/** The ledger's SQL (migration 0023); every function takes the caller's transaction or the pool. */
export function createLedgerRepository() {
  return {
    async openPeriod(tx: Executor): Promise<PeriodRow | null> {
      const result = await tx.execute(sql`select ${PERIOD_COLUMNS} from closing_periods where locked_at is null`);
      return result.rows[0] ? periodOf(result.rows[0]) : null;
    },

    async period(tx: Executor, fecId: number): Promise<PeriodRow | null> {
      const result = await tx.execute(sql`select ${PERIOD_COLUMNS} from closing_periods where fec_id = ${fecId}`);
      return result.rows[0] ? periodOf(result.rows[0]) : null;
    },

    /**
     * Opens the month after the latest period (or the given month when there is none); a concurrent opener
     * loses on the one-open-period index and the caller reads the winner's.
     */
    async createOpenPeriod(tx: Executor, firstAno: number, firstMes: number): Promise<void> {
      await tx.execute(sql`
        insert into closing_periods (fec_ano, fec_mes)
        select coalesce(n.ano, ${firstAno}), coalesce(n.mes, ${firstMes})
        from (select case when fec_mes = 12 then fec_ano + 1 else fec_ano end as ano, fec_mes % 12 + 1 as mes
              from closing_periods order by fec_ano desc, fec_mes desc limit 1) n
        right join (select 1) one on true
        on conflict do nothing`);
    },

    async lockPeriod(tx: Executor, fecId: number, userId: number | null, userName: string): Promise<boolean> {
      const result = await tx.execute(sql`
        update closing_periods set locked_at = now(), locked_by = ${userId}, locked_by_name = ${userName.slice(0, 64)}
        where fec_id = ${fecId} and locked_at is null returning fec_id`);
      return result.rows.length === 1;
    },

    /** The closing periods holding the holder's entries, and the open period, newest first (MEMBER_PERIODS_JSON for one holder). */
    async periodsOf(tx: Executor, cstId: number): Promise<MemberPeriod[]> {
      const result = await tx.execute<{ periods: MemberPeriod[] }>(
        sql`select ${sql.raw(MEMBER_PERIODS_JSON)} as periods from (select ${cstId}::int as cst_id) c`,
      );
      return result.rows[0]!.periods;
    },

    /** The person (holder or dependent) with what the statement's PDF and e-mail print: null when unknown. */
    async person(tx: Executor, cstId: number) {
      const result = await tx.execute<{
        cstId: number;
        parentId: number | null;
        name: string;
        cpf: string | null;
        numero: string | null;
        email: string | null;
        situacao: number | null;
      }>(sql`select cst_id as "cstId", parent_id as "parentId", cust_name as name, cust_cpf as cpf, cust_numero_interno as numero,
          cust_email as email, cust_assoc_situacao as situacao from customers where cst_id = ${cstId}`);
      return result.rows[0] ?? null;
    },

    /**
     * Inserts the rows in the given order, each with its responsible person's name, into the period; a row whose
     * key the holder already used is skipped. Answers the rows written.
     */
    async insert(tx: Executor, fecId: number, rows: readonly EntryInsert[], userId: number | null, userName: string) {
      const input = JSON.stringify(
        rows.map((r, i) => ({
          i,
          cst_id: r.cstId,
          resp_id: r.respId ?? r.cstId,
          svc_id: r.svcId,
          csl_id: r.cslId,
          descricao: r.descricao,
          valor: r.valor,
          tipo: r.tipo,
          ext_date: r.date?.toISOString() ?? null,
          ext_key: r.key,
          parent: r.estornoParent,
        })),
      );
      const result = await tx.execute<{ extId: number; cstId: number; extKey: string | null }>(sql`
        with input as (
          select * from jsonb_to_recordset(${input}::jsonb) as r(i int, cst_id int, resp_id int, svc_id int, csl_id int,
            descricao text, valor int, tipo text, ext_date timestamptz, ext_key text, parent int)
        )
        insert into statement_entries (cst_id, fec_id, ext_date, ext_descricao, resp_id, ext_responsavel, svc_id, csl_id,
          ext_valor, ext_tipo, ext_estorno_parent, ext_key, ext_created_by, ext_created_by_name)
        select r.cst_id, ${fecId}, coalesce(r.ext_date, now()), r.descricao, r.resp_id, left(coalesce(p.cust_name, ''), 80), r.svc_id,
          r.csl_id, r.valor, r.tipo, r.parent, r.ext_key, ${userId}, ${userName.slice(0, 64)}
        from input r left join customers p on p.cst_id = r.resp_id
        order by r.i
        on conflict (cst_id, ext_key) where ext_key is not null do nothing
        returning ext_id as "extId", cst_id as "cstId", ext_key as "extKey"`);
      return result.rows;
    },

    /** How many of the (holder, responsible person) pairs are not a holder and itself or one of its dependents. */
    async invalidPeople(tx: Executor, pairs: readonly { cstId: number; respId?: number | null }[]): Promise<number> {
      const input = JSON.stringify(pairs.map((p) => ({ c: p.cstId, r: p.respId ?? p.cstId })));
      const result = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from (select distinct c, r from jsonb_to_recordset(${input}::jsonb) as x(c int, r int)) x
        where not exists (
          select 1 from customers h join customers p on p.cst_id = x.r and (p.cst_id = h.cst_id or p.parent_id = h.cst_id)
          where h.cst_id = x.c and h.parent_id is null)`);
      return result.rows[0]?.n ?? 0;
    },

    async entriesByKey(tx: Executor, cstId: number, keys: readonly string[]): Promise<EntryRow[]> {
      if (keys.length === 0) return [];
      const result = await tx.execute(sql`
        select ${ENTRY_COLUMNS} from statement_entries e ${ENTRY_JOINS}
        where e.cst_id = ${cstId} and e.ext_key = any(${`{${keys.map((k) => JSON.stringify(k)).join(',')}}`}::text[])`);
      return result.rows.map(entryOf);
    },

    async entry(tx: Executor, extId: number, lock = false): Promise<EntryRow | null> {
      const result = await tx.execute(sql`
        select ${ENTRY_COLUMNS} from statement_entries e ${ENTRY_JOINS} where e.ext_id = ${extId}
        ${lock ? sql`for update of e` : sql``}`);
      return result.rows[0] ? entryOf(result.rows[0]) : null;
    },

    /**
     * One round trip for GET user/extrato: the person (is it a holder?), the period, the balance before it (index-only
     * over the holder's earlier entries) and its entries in date order as JSON. Null when the person is unknown.
     */
    async statement(tx: Executor, cstId: number, fecId: number) {
      const result = await tx.execute<{
        parentId: number | null;
        period: PeriodRow | null;
        opening: string;
        entries: Record<string, unknown>[];
      }>(sql`
        select h.parent_id as "parentId",
          (select json_build_object('fecId', p.fec_id, 'fecAno', p.fec_ano, 'fecMes', p.fec_mes, 'lockedAt', p.locked_at)
             from closing_periods p where p.fec_id = ${fecId}) as period,
          ${holderBalanceSql(sql`h.cst_id`, { before: fecId })} as opening,
          coalesce((select json_agg(json_build_object('extId', e.ext_id, 'extDate', e.ext_date, 'extDescricao', e.ext_descricao,
              'extResponsavel', e.ext_responsavel, 'svcId', e.svc_id, 'svcName', coalesce(s.svc_name, ''), 'extValor', e.ext_valor,
              'extTipo', e.ext_tipo, 'extEstornoParent', e.ext_estorno_parent, 'extEstornoChild', r.ext_id,
              'extCreatedBy', e.ext_created_by_name, 'extCreated', e.ext_created) order by e.ext_date, e.ext_id)
            from statement_entries e ${ENTRY_JOINS} where e.cst_id = h.cst_id and e.fec_id = ${fecId}), '[]'::json) as entries
        from customers h where h.cst_id = ${cstId}`);
      const row = result.rows[0];
      if (!row) return null;
      return { ...row, opening: Number(row.opening), period: row.period ? periodOf(row.period as unknown as Record<string, unknown>) : null };
    },

    /**
     * The `extrato` document data of many holders for one period in one statement (the menu's statement jobs): per
     * holder the name, CPF, number, the balance before the period and the period's entries (date in the association's
     * time zone, description, person, service, value), in the order of `GET user/extrato`. Holders not found are absent.
     */
    async statementDocuments(tx: Executor, fecId: number, cstIds: readonly number[]): Promise<StatementDocumentRow[]> {
      if (cstIds.length === 0) return [];
      const result = await tx.execute<StatementDocumentRow & Record<string, unknown>>(sql`
        select h.cst_id as "cstId", h.cust_name as name, h.cust_cpf as cpf, h.cust_numero_interno as numero,
          (select coalesce(sum(o.ext_valor), 0) from statement_entries o where o.cst_id = h.cst_id and o.fec_id < ${fecId})::bigint as opening,
          coalesce((select json_agg(json_build_array(to_char(e.ext_date at time zone 'America/Sao_Paulo', 'YYYY-MM-DD'), e.ext_descricao,
              e.ext_responsavel, coalesce(s.svc_name, ''), e.ext_valor) order by e.ext_date, e.ext_id)
            from statement_entries e left join services s on s.svc_id = e.svc_id
           where e.cst_id = h.cst_id and e.fec_id = ${fecId}), '[]'::json) as entries
        from customers h where h.cst_id = any(${sql.raw(`'{${cstIds.map((id) => Math.trunc(id)).join(',')}}'::int[]`)}) and h.parent_id is null`);
      return result.rows.map((r) => ({ ...r, opening: Number(r.opening) }));
    },

    async entriesOf(tx: Executor, cstId: number, fecId: number): Promise<EntryRow[]> {
      const result = await tx.execute(sql`
        select ${ENTRY_COLUMNS} from statement_entries e ${ENTRY_JOINS}
        where e.cst_id = ${cstId} and e.fec_id = ${fecId}
        order by e.ext_date, e.ext_id`);
      return result.rows.map(entryOf);
    },

    /** The holder's balance (`holderBalanceSql`): every entry, or those of the periods up to `upTo` or before `before`. */
    async balance(tx: Executor, cstId: number, range: { upTo?: number; before?: number } = {}): Promise<number> {
      const result = await tx.execute<{ total: string }>(sql`select ${holderBalanceSql(sql`${cstId}::int`, range)} as total`);
      return Number(result.rows[0]?.total ?? 0);
    },

    /** What the holder owes (`holderDebtSql`): the balance of every entry, never below zero. */
    async debt(tx: Executor, cstId: number): Promise<number> {
      const result = await tx.execute<{ divida: string }>(sql`select ${holderDebtSql(sql`${cstId}::int`)} as divida`);
      return Number(result.rows[0]?.divida ?? 0);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
