import { desc, eq, sql } from 'drizzle-orm';
import type { TerminalHistoryItem, TerminalOutcome } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { terminalQueries } from '../../db/schema/index.js';

/** The database role the terminal's queries run as (migration 0049). */
export const TERMINAL_ROLE = 'assoc_terminal';

export interface TerminalHistoryRow {
  userId: number;
  userName: string;
  sql: string;
  outcome: TerminalOutcome;
  rowCount: number | null;
  truncated: boolean;
  elapsedMs: number | null;
  message: string | null;
}

/** The history table and the catalogue reads of the terminal (the query itself runs in terminal.service). */
export function createTerminalRepository() {
  return {
    async insert(db: Executor, row: TerminalHistoryRow): Promise<number> {
      const [saved] = await db
        .insert(terminalQueries)
        .values({ ...row, userName: row.userName.slice(0, 64) })
        .returning({ id: terminalQueries.id });
      return saved!.id;
    },

    async history(db: Executor, userId: number, page: number, pageSize: number): Promise<{ items: TerminalHistoryItem[]; total: number }> {
      const [items, count] = await Promise.all([
        db
          .select({
            id: terminalQueries.id,
            at: sql<string>`to_char(${terminalQueries.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
            sql: terminalQueries.sql,
            outcome: terminalQueries.outcome,
            rowCount: terminalQueries.rowCount,
            truncated: terminalQueries.truncated,
            elapsedMs: terminalQueries.elapsedMs,
            message: terminalQueries.message,
          })
          .from(terminalQueries)
          .where(eq(terminalQueries.userId, userId))
          .orderBy(desc(terminalQueries.at), desc(terminalQueries.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(terminalQueries)
          .where(eq(terminalQueries.userId, userId)),
      ]);
      return { items, total: count[0]?.n ?? 0 };
    },

    async roleExists(db: Executor): Promise<boolean> {
      const { rows } = await db.execute<{ ok: boolean }>(sql`select exists (select from pg_roles where rolname = ${TERMINAL_ROLE}) as ok`);
      return rows[0]?.ok === true;
    },

    /** The tables of schema public and the columns the role may read, in table then column order. */
    async readableColumns(db: Executor): Promise<{ name: string; columns: string[] }[]> {
      const { rows } = await db.execute<{ name: string; columns: string[] }>(sql`
        select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         where c.relkind in ('r', 'p', 'v', 'm')
           and has_column_privilege(${TERMINAL_ROLE}, c.oid, a.attnum, 'SELECT')
         group by c.relname
         order by c.relname`);
      return rows;
    },
  };
}

export type TerminalRepository = ReturnType<typeof createTerminalRepository>;
