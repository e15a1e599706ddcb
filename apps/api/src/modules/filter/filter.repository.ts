import { sql } from 'drizzle-orm';
import { FILTER_ROLE, type FilterCell, type FilterQuery, type FilterSort } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { timestampOf } from '../../lib/sql.js';
import { columnsUseHolder, compileFilter, fromPeople, orderBy, queryUsesHolder, selectColumns, type CompileOptions } from './filter.compiler.js';

/** FROM of a query and its columns: the holder joined only when read. */
const fromFor = (query: FilterQuery, columns: readonly string[] = [], sort?: FilterSort) =>
  fromPeople(queryUsesHolder(query) || columnsUseHolder(columns, sort));

export interface PeopleRow {
  cstId: number;
  holderId: number;
  cells: Record<string, FilterCell>;
}

export interface SavedFilterRow {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  query: FilterQuery;
  columns: string[];
  version: number;
  updatedAt: Date;
  sharedWith: { userId: number; name: string }[];
}

const SAVED_COLUMNS = sql`f.id, f.owner_id, u.name as owner_name, f.name, f.query, f.columns, f.version, f.updated_at,
  coalesce((select json_agg(json_build_object('userId', su.user_id, 'name', su.name) order by su.name)
    from saved_filter_shares s join users su on su.user_id = s.user_id where s.filter_id = f.id), '[]'::json) as shared_with`;

function savedOf(row: Record<string, unknown>): SavedFilterRow {
  return {
    id: Number(row.id),
    ownerId: Number(row.owner_id),
    ownerName: String(row.owner_name),
    name: String(row.name),
    query: row.query as FilterQuery,
    columns: row.columns as string[],
    version: Number(row.version),
    updatedAt: timestampOf(row.updated_at as string),
    sharedWith: row.shared_with as { userId: number; name: string }[],
  };
}

function peopleOf(rows: Record<string, unknown>[], columns: readonly string[]): PeopleRow[] {
  return rows.map((row) => ({
    cstId: Number(row.cst_id),
    holderId: Number(row.holder_id),
    cells: Object.fromEntries(columns.map((c) => [c, (row[c] ?? null) as FilterCell])),
  }));
}

/** The filter's SQL: the people a query matches (compiled by filter.compiler.ts) and the saved filters. */
export function createFilterRepository() {
  return {
    async count(db: Executor, query: FilterQuery, o: CompileOptions): Promise<number> {
      const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${fromFor(query)} where ${compileFilter(query, o)}`);
      return result.rows[0]!.n;
    },

    async page(
      db: Executor,
      input: { query: FilterQuery; columns: readonly string[]; sort?: FilterSort | undefined; limit: number; offset: number },
      o: CompileOptions,
    ): Promise<PeopleRow[]> {
      const result = await db.execute(
        sql`select c.cst_id, coalesce(c.parent_id, c.cst_id) as holder_id${selectColumns(input.columns, o)} from ${fromFor(input.query, input.columns, input.sort)}
          where ${compileFilter(input.query, o)} order by ${orderBy(input.sort, o)} limit ${input.limit} offset ${input.offset}`,
      );
      return peopleOf(result.rows, input.columns);
    },

    /**
     * Every row of a query, in order, a batch at a time through a server-side cursor (one sort, no offsets), for the
     * exports: `tx` must be a transaction (the cursor lives in it).
     */
    async *stream(
      tx: Executor,
      input: { query: FilterQuery; columns: readonly string[]; sort?: FilterSort | undefined },
      o: CompileOptions,
      batch = 2_000,
    ): AsyncGenerator<PeopleRow[]> {
      await tx.execute(
        sql`declare filter_export no scroll cursor for select c.cst_id, coalesce(c.parent_id, c.cst_id) as holder_id${selectColumns(input.columns, o)}
          from ${fromFor(input.query, input.columns, input.sort)} where ${compileFilter(input.query, o)} order by ${orderBy(input.sort, o)}`,
      );
      for (;;) {
        const result = await tx.execute(sql`fetch ${sql.raw(String(Math.trunc(batch)))} from filter_export`);
        if (result.rows.length === 0) break;
        yield peopleOf(result.rows, input.columns);
        if (result.rows.length < batch) break;
      }
      await tx.execute(sql`close filter_export`);
    },

    /** The caller's own filters and those shared with them, by name. */
    async savedFor(db: Executor, userId: number): Promise<SavedFilterRow[]> {
      const result = await db.execute(
        sql`select ${SAVED_COLUMNS} from saved_filters f join users u on u.user_id = f.owner_id
          where f.owner_id = ${userId} or exists (select 1 from saved_filter_shares s where s.filter_id = f.id and s.user_id = ${userId})
          order by lower(f.name) collate pt_br, f.id`,
      );
      return result.rows.map(savedOf);
    },

    async saved(db: Executor, id: number, lock = false): Promise<SavedFilterRow | null> {
      const result = await db.execute(
        sql`select ${SAVED_COLUMNS} from saved_filters f join users u on u.user_id = f.owner_id where f.id = ${id}${lock ? sql` for update of f` : sql``}`,
      );
      return result.rows[0] ? savedOf(result.rows[0]) : null;
    },

    async nameTaken(db: Executor, ownerId: number, name: string, exceptId?: number): Promise<boolean> {
      const result = await db.execute(
        sql`select 1 from saved_filters where owner_id = ${ownerId} and lower(name) = lower(${name})${exceptId ? sql` and id <> ${exceptId}` : sql``}`,
      );
      return result.rows.length > 0;
    },

    async insertSaved(db: Executor, row: { ownerId: number; name: string; query: FilterQuery; columns: string[] }): Promise<number> {
      const result = await db.execute<{ id: number }>(
        sql`insert into saved_filters (owner_id, name, query, columns) values (${row.ownerId}, ${row.name}, ${JSON.stringify(row.query)}::jsonb, ${JSON.stringify(row.columns)}::jsonb) returning id`,
      );
      return result.rows[0]!.id;
    },

    /** The update at the version read: false when it moved on (409). */
    async updateSaved(db: Executor, id: number, version: number, row: { name: string; query: FilterQuery; columns: string[] }): Promise<boolean> {
      const result = await db.execute(
        sql`update saved_filters set name = ${row.name}, query = ${JSON.stringify(row.query)}::jsonb, columns = ${JSON.stringify(row.columns)}::jsonb,
          version = version + 1, updated_at = now() where id = ${id} and version = ${version} returning id`,
      );
      return result.rows.length > 0;
    },

    async deleteSaved(db: Executor, id: number, version: number): Promise<boolean> {
      const result = await db.execute(sql`delete from saved_filters where id = ${id} and version = ${version} returning id`);
      return result.rows.length > 0;
    },

    async replaceShares(db: Executor, id: number, userIds: readonly number[]) {
      await db.execute(sql`delete from saved_filter_shares where filter_id = ${id}`);
      if (userIds.length)
        await db.execute(
          sql`insert into saved_filter_shares (filter_id, user_id) select ${id}, u from unnest(${sql.param([...userIds])}::int[]) u on conflict do nothing`,
        );
    },

    /** The active users who open the Filtro (its role, by profile or extra role, or superadmin), by name. */
    async filterUsers(db: Executor): Promise<{ userId: number; name: string }[]> {
      const result = await db.execute<{ user_id: number; name: string }>(
        sql`select u.user_id, u.name from users u where u.active and (
          exists (select 1 from profile_roles pr where pr.perm_id = u.perm_id and pr.role in (${FILTER_ROLE}, 'superadmin'))
          or exists (select 1 from user_roles ur where ur.user_id = u.user_id and ur.role in (${FILTER_ROLE}, 'superadmin')))
          order by u.name collate pt_br, u.user_id`,
      );
      return result.rows.map((r) => ({ userId: Number(r.user_id), name: r.name }));
    },

    /** GET filter/opcoes: the live rows of the registries the criteria offer. */
    async options(db: Executor) {
      const rows = async (query: ReturnType<typeof sql>) =>
        (await db.execute<{ value: number; label: string }>(query)).rows.map((r) => ({ value: Number(r.value), label: r.label }));
      return {
        servicos: await rows(
          sql`select sv.svc_id as value, sv.svc_name || ' (' || p.suc_name || ')' as label from services sv join products p on p.suc_id = sv.suc_id
            where sv.deleted_at is null order by sv.svc_name collate pt_br, sv.svc_id`,
        ),
        fornecedores: await rows(
          sql`select sup_id as value, sup_name as label from suppliers where deleted_at is null order by sup_name collate pt_br, sup_id`,
        ),
        regioes: await rows(
          sql`select region_id as value, region_name as label from regions where deleted_at is null order by region_name collate pt_br, region_id`,
        ),
        circunscricoes: await rows(sql`select cir_id as value, cir_nome as label from circunscricoes order by cir_nome collate pt_br, cir_id`),
        comarcas: await rows(sql`select com_id as value, com_nome as label from comarcas order by com_nome collate pt_br, com_id`),
        foruns: await rows(sql`select apf_id as value, for_nome as label from forums order by for_nome collate pt_br, apf_id`),
      };
    },

    async insertExport(db: Executor, userId: number, request: unknown): Promise<number> {
      const result = await db.execute<{ id: number }>(
        sql`insert into filter_exports (user_id, request) values (${userId}, ${JSON.stringify(request)}::jsonb) returning id`,
      );
      return result.rows[0]!.id;
    },

    async setExportJob(db: Executor, id: number, jobId: string) {
      await db.execute(sql`update filter_exports set job_id = ${jobId}::uuid where id = ${id}`);
    },

    async exportRequest(db: Executor, id: number): Promise<{ userId: number; request: unknown } | null> {
      const result = await db.execute<{ user_id: number; request: unknown }>(sql`select user_id, request from filter_exports where id = ${id}`);
      const row = result.rows[0];
      return row ? { userId: Number(row.user_id), request: row.request } : null;
    },
  };
}
export type FilterRepository = ReturnType<typeof createFilterRepository>;
