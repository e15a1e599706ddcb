import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { repoRoot } from '../config.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
export { schema };

/** Migrations are committed SQL read at run time, for both the sources and the bundle. */
export const migrationsFolder = path.join(repoRoot, 'apps/api/src/db/migrations');

export function createPool(url: string, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max });
  // When the embedded server stops first (test runners kill the process group), don't crash on idle clients.
  pool.on('error', (err) => console.error('[db pool]', err.message));
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder });
}
