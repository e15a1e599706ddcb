import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createDb, createPool, migrationsFolder } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/seed/seed.js';
import { withDatabase } from './global-setup.js';

// Issue 10 §7: several instances on one database.
const templateUrl = inject('templateUrl');
const name = `t_empty_${crypto.randomBytes(6).toString('hex')}`;
const url = withDatabase(templateUrl, name);

async function admin<T>(fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // An empty database (not the migrated template): what a fresh deployment's instances find.
  await admin((c) => c.query(`create database ${name}`));
});
afterAll(async () => {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`));
});

describe('several instances starting together on one empty database', () => {
  it('migrate and seed once, under the start-up lock, with no error', async () => {
    // Its own DATA_DIR: the first start writes the one-time password there (first-admin.txt).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-instances-'));
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, SESSION_SECRET: 'x', DATA_DIR: dataDir });
    const instances = [0, 1].map(() => {
      const pool = createPool(url, 3);
      return { pool, db: createDb(pool), lines: [] as string[] };
    });
    try {
      const outcomes = await Promise.all(instances.map((i) => prepareDatabase(url, i.db, config, (line) => i.lines.push(line))));

      // Exactly one of them did the first start; the other found it done.
      expect(outcomes.sort()).toEqual(['admin', 'none']);
      const pool = instances[0]!.pool;
      const users = await pool.query<{ n: number; admins: number }>(
        `select count(*)::int as n, count(*) filter (where must_change_password)::int as admins from users`,
      );
      expect(users.rows[0]).toEqual({ n: 1, admins: 1 });
      const profiles = await pool.query<{ n: number }>('select count(*)::int as n from profiles');
      expect(profiles.rows[0]!.n).toBe(1);

      // Every migration applied exactly once.
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await pool.query<{ n: number; distinct_hashes: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });

      // The lock is released: a later start-up (an upgrade, a restart) does not wait for it.
      const third = await prepareDatabase(url, instances[1]!.db, config, () => {});
      expect(third).toBe('none');
      const locks = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(locks.rows[0]!.n).toBe(0);
      // The one-time password is in the file of the instance that did the first start, in no console line.
      const secret = /^Senha provisória: (\S+)$/m.exec(fs.readFileSync(path.join(dataDir, 'first-admin.txt'), 'utf8'))?.[1];
      expect(secret).toMatch(/^\S{16}$/);
      expect(instances.flatMap((i) => i.lines).join('\n')).not.toContain(secret);
    } finally {
      await Promise.all(instances.map((i) => i.pool.end()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
