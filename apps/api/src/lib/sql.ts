import pg from 'pg';
import type { Db, Executor } from '../db/client.js';
import { conflict, pgErrorOf } from './errors.js';

/** Escapes LIKE's wildcards (%, _) and its escape character (\), so user text matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * Runs `work` in a transaction; a unique violation (two writes raced past the service's duplicate
 * check) answers 409 with the service's own message, more precise than the generic one of
 * `databaseRefusal`.
 */
export async function transactionOr409<T>(db: Db, work: (tx: Executor) => Promise<T>, duplicateMessage: string): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (pgErrorOf(err)?.code === '23505') throw conflict(duplicateMessage);
    throw err;
  }
}

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/**
 * A timestamptz column of a `db.execute(sql…)` row as a Date. Drizzle hands raw SQL's timestamps over as PostgreSQL's
 * text; this parses them with pg's own parser, so a repository moved from raw pg to Drizzle answers the same Dates.
 */
export function timestampOf(value: unknown): Date {
  return value instanceof Date ? value : parseTimestamptz(String(value));
}

/**
 * A named statement on the caller's executor: PostgreSQL plans it once per connection (the session lookup and the
 * search run on every request, and planning their role union or trigram joins costs more than running them). The
 * text and values go to pg as they are; timestamps come back as text (see `timestampOf`), other types as pg parses them.
 */
export async function executeNamed<T>(
  db: Executor,
  statement: { name: string; text: string; values: unknown[] },
): Promise<{ rows: T[]; rowCount: number | null }> {
  const query = db._.session.prepareQuery({ sql: statement.text, params: statement.values }, undefined, statement.name, false);
  return (await query.execute()) as { rows: T[]; rowCount: number | null };
}
