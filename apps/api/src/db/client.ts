import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** An open Drizzle transaction on `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What every repository method takes first (docs/ARCHITECTURE.md "Repositories"): the database or the caller's
 * open transaction, so a service runs several repositories in one transaction.
 */
export type Executor = Db | Tx;
export { schema };

/** Migrations are committed SQL read at run time, for both the sources and the bundle. */
export const migrationsFolder = path.join(repoRoot, 'apps/api/src/db/migrations');

/**
 * The app's pool. `statementTimeoutMs` bounds every statement (a stalled database answers 503 instead of
 * hanging requests). Every connection gets an error listener for its whole life: pg-pool listens only
 * while a connection is idle, so one that drops while checked out (a transaction, the real-time
 * adapter's LISTEN) would otherwise emit 'error' with nobody listening and end the process.
 */
export function createPool(url: string, max = 10, opts: { statementTimeoutMs?: number; log?: (message: string) => void } = {}) {
  const log = opts.log ?? ((message: string) => console.error(message));
  const pool = new pg.Pool({ connectionString: url, max, statement_timeout: opts.statementTimeoutMs });
  pool.on('error', (err) => log(`[db pool] ${readableError(err)}`));
  pool.on('connect', (client) => {
    client.on('error', (err) => log(`[db] conexão perdida: ${readableError(err)}`));
  });
  return pool;
}

/** A one-line message for any thrown value (some libraries reject with objects or nothing at all). */
export function readableError(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  if (err && typeof err === 'object') {
    const message = (err as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    try {
      return JSON.stringify(err);
    } catch {
      return String(err);
    }
  }
  return String(err ?? 'erro desconhecido');
}

/** Drizzle on the pool, or on one checked-out connection (a transaction that raw pg work, e.g. pg-boss, joins). */
export function createDb(pool: pg.Pool | pg.PoolClient): Db {
  return drizzle(pool, { schema });
}

/**
 * Migrates, then refuses a database that lacks one of the journal's migrations. Drizzle's migrator applies only the
 * migrations newer than the last one applied, so a database migrated from a branch whose later migration was then
 * renumbered silently lacks the earlier one (the app would answer 500 on its columns): start-up stops instead.
 */
export async function runMigrations(db: Db) {
  const applied = async () => {
    const { rows: table } = await db.execute<{ t: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
    if (!table[0]?.t) return 0;
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return rows[0]!.n;
  };
  const before = await applied();
  await migrate(db, { migrationsFolder });
  // A migration run that added tables or columns makes them readable by the terminal's role (docs/TERMINAL.md): the
  // grant function (migration 0049) runs after it, so no later migration has to remember to call it. Where the
  // database user may not grant (a restricted server), the terminal stays as it was and says so itself.
  if ((await applied()) > before) {
    await db.execute(sql`do $$ begin
      if to_regprocedure('public.terminal_grant_reads()') is not null then perform public.terminal_grant_reads(); end if;
    exception when insufficient_privilege or undefined_object then raise warning 'terminal_grant_reads: %', sqlerrm;
    end $$`);
  }
  const missing = await missingMigrations(db);
  if (missing.length) {
    throw new Error(
      `o banco de dados não tem ${missing.length === 1 ? 'a migração' : 'as migrações'} ${missing.join(', ')}, anterior(es) à última aplicada ` +
        '(o Drizzle aplica apenas as posteriores a ela); aplique-as ou recrie o banco.',
    );
  }
}

/**
 * The journal's migrations (by tag, e.g. 0038_posting_batches) absent from drizzle.__drizzle_migrations: neither its
 * time (created_at, what the migrator compares) nor its file's hash (the same migration under another number) is there.
 */
export async function missingMigrations(db: Db): Promise<string[]> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const files = readMigrationFiles({ migrationsFolder });
  const { rows } = await db.execute<{ hash: string; createdAt: string }>(
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations`,
  );
  const hashes = new Set(rows.map((r) => r.hash));
  const times = new Set(rows.map((r) => Number(r.createdAt)));
  return journal.entries.filter((entry, i) => !times.has(entry.when) && !hashes.has(files[i]!.hash)).map((entry) => entry.tag);
}

/** The advisory-lock key that serializes start-ups (migrations and first seed) across instances. */
export const STARTUP_LOCK_KEY = 48_151_623;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so instances starting together on one
 * database take turns. The lock lives on its own connection without statement_timeout: a waiting
 * instance may wait for a whole demo seed. A crashed holder's session ends and frees the lock.
 */
export async function withStartupLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'assoc-startup' });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
