import fs from 'node:fs';
import path from 'node:path';
import { fork } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessages, authContracts } from '@assoc/domain';
import { buildApp } from '../src/app.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { pgPasswordFile, startDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createDb, createPool, runMigrations } from '../src/db/client.js';
import { within } from './barriers.js';
import { call, createUser, signIn, type TestContext } from './helper.js';
import { connected, testSockets } from './sockets.js';

/**
 * Database faults (issue 8 §13) against a real embedded PostgreSQL of this file's own (not the shared test
 * server, which it stops and starts): connections killed, the server stopped and started under the app.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// Far from the shared test server's port and the E2E ports, which run beside it.
const port = Number(process.env.TEST_PG_PORT ?? 54330) + 1000;
const dataDir = `${process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data-test')}-faults`;
let database: DatabaseHandle;
let ctx: TestContext;
let url: string;
const sockets = testSockets();

const start = () => startDatabase({ dataDir, port });

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  database = await start();
  const pool = createPool(database.url, 5, { statementTimeoutMs: 5000, log: () => {} });
  const db = createDb(pool);
  await runMigrations(db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(dataDir, 'files'), SESSION_SECRET: 'test-secret', SEARCH_INDEX: 'memory' });
  const app = await buildApp({ config, db, pool, serveWeb: false });
  await app.ready();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  ctx = {
    app,
    db,
    pool,
    config,
    database: 'assoc',
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}, 120_000);

afterAll(async () => {
  sockets.closeAll();
  await ctx?.close().catch(() => {});
  await database?.stop().catch(() => {});
});

/**
 * Emits 'listen' whenever a LISTEN statement of any connection of this process completes: the real-time adapter's
 * and the change feed's (re)connections end with one, so a test waits for them on this event, never by polling.
 */
const listens = new EventEmitter();
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const result = clientQuery.apply(this, args);
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  if (/^listen /i.test(text ?? '') && result instanceof Promise) {
    result.then(
      () => listens.emit('listen'),
      () => {},
    );
  }
  return result;
};

/** The app's LISTEN connections: the real-time adapter's and the search index's change feed. */
async function listeners() {
  const { rows } = await ctx.pool.query<{ pid: number; query: string }>(
    `select pid, query from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
        and (query like 'LISTEN "socket.io%' or query = 'listen people_changed')`,
  );
  return {
    adapter: rows.filter((r) => r.query.startsWith('LISTEN "socket.io')).map((r) => r.pid),
    feed: rows.filter((r) => r.query === 'listen people_changed').map((r) => r.pid),
  };
}

type Listeners = Awaited<ReturnType<typeof listeners>>;

/** The app's LISTEN connections once `ok` holds: read now, then again after every completed LISTEN. */
function listenersWhen(ok: (l: Listeners) => boolean, timeoutMs = 30_000): Promise<Listeners> {
  let check = () => {};
  const found = new Promise<Listeners>((resolve) => {
    check = () =>
      void listeners().then(
        (l) => ok(l) && resolve(l),
        () => {},
      );
  });
  listens.on('listen', check);
  check();
  return within(found, timeoutMs, 'the LISTEN connections did not come back').finally(() => listens.off('listen', check));
}

describe('database faults', () => {
  it("terminating the adapter's and the change feed's LISTEN connections does not crash; both reconnect", async () => {
    const before = await listenersWhen((l) => l.adapter.length === 1 && l.feed.length === 1);
    expect(await ctx.app.peopleIndex!.waitFor(0, 10_000)).toBe(true);
    await ctx.pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [[...before.adapter, ...before.feed]]);

    const after = await listenersWhen(
      (l) => l.adapter.length === 1 && l.feed.length === 1 && !before.adapter.includes(l.adapter[0]!) && !before.feed.includes(l.feed[0]!),
    );
    expect(after.adapter[0]).not.toBe(before.adapter[0]);
    // The index reloaded over its new connection and answers again.
    expect(await ctx.app.peopleIndex!.waitFor(0, 10_000)).toBe(true);

    // The channel still works through the new LISTEN connection.
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    const socket = sockets.open(url, client);
    await connected(socket);
    const list = await call(client, authContracts.ping);
    expect(list.status).toBe(200);
  });

  it('bounds every statement of the pool (statement_timeout): a stalled query is cancelled, not left hanging', async () => {
    const pool = createPool(database.url, 1, { statementTimeoutMs: 300, log: () => {} });
    try {
      await expect(pool.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
      expect((await pool.query('select 1 as ok')).rows[0].ok).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('answers 503 with a pt-BR message while PostgreSQL is stopped, and recovers by itself when it returns', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    expect((await call(client, authContracts.ping)).status).toBe(200);

    await database.stop();
    const during = await call(client, authContracts.ping);
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ message: dataMessages.databaseUnavailable });
    // Again once the pool has dropped its dead connections (it now has to open new ones, which are refused): a
    // barrier on the pool's 'remove' events, not a pause.
    while (ctx.pool.totalCount > 0) await within(once(ctx.pool, 'remove'), 10_000, 'the pool kept a dead connection');
    expect((await call(client, authContracts.ping)).status).toBe(503);

    // Once the server answers again (start() resolves when it accepts connections), so does the app: the pool holds
    // no dead connection (above), so the next request opens a new one.
    database = await start();
    const after = await call(client, authContracts.ping);
    expect(after.status).toBe(200);
    // The dedicated LISTEN connections came back too, and the search index reloaded.
    await listenersWhen((l) => l.adapter.length === 1 && l.feed.length === 1, 45_000);
    expect(await ctx.app.peopleIndex!.waitFor(0, 45_000)).toBe(true);
  }, 120_000);
});

describe('orphaned embedded PostgreSQL', () => {
  it('a start after the owner was killed (kill -9) stops the orphaned server and starts again', async () => {
    const orphanDir = `${dataDir}-orphan`;
    const orphanPort = port + 1;
    fs.rmSync(orphanDir, { recursive: true, force: true });
    const owner = fork(path.join(here, 'fixtures/db-owner.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, OWNER_DATA_DIR: orphanDir, OWNER_PG_PORT: String(orphanPort) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      owner.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
      owner.once('exit', (code) => reject(new Error(`owner exited with ${code}`)));
    });
    owner.kill('SIGKILL');
    await new Promise((r) => owner.once('exit', r));
    const pidFile = path.join(orphanDir, 'pg', 'postmaster.pid');
    expect(fs.existsSync(pidFile)).toBe(true);
    const orphanPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(() => process.kill(orphanPid, 0)).not.toThrow();

    const again = await startDatabase({ dataDir: orphanDir, port: orphanPort });
    try {
      const pool = createPool(again.url, 1);
      const { rows } = await pool.query<{ ok: number }>('select 1 as ok');
      await pool.end();
      expect(rows[0]!.ok).toBe(1);
      expect(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(orphanPid);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('a start that fails says why instead of `undefined`', async () => {
    // Two data folders on one port: the second postgres cannot take the port's socket lock.
    const busyPort = port + 2;
    const [first, second] = [`${dataDir}-busy1`, `${dataDir}-busy2`];
    for (const dir of [first, second]) fs.rmSync(dir, { recursive: true, force: true });
    const running = await startDatabase({ dataDir: first, port: busyPort });
    try {
      const failed = await startDatabase({ dataDir: second, port: busyPort }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(/^O PostgreSQL embutido não iniciou \(pasta .*, porta \d+\):\n\S/);
    } finally {
      await running.stop();
    }
  }, 120_000);
});

describe('embedded PostgreSQL password (issue 22 item 12)', () => {
  const canConnect = async (url: string) => {
    const pool = createPool(url, 1, { log: () => {} });
    try {
      await pool.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await pool.end().catch(() => {});
    }
  };

  it('a new data folder gets a random superuser password kept in DATA_DIR (mode 600), not postgres/postgres; an old folder is given one', async () => {
    const pwDir = `${dataDir}-password`;
    const pwPort = port + 3;
    fs.rmSync(pwDir, { recursive: true, force: true });
    const legacyUrl = `postgres://postgres:postgres@127.0.0.1:${pwPort}/postgres`;
    let db = await startDatabase({ dataDir: pwDir, port: pwPort, database: 'postgres' });
    try {
      const file = pgPasswordFile(pwDir);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const password = fs.readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(db.url).toContain(encodeURIComponent(password));
      expect(await canConnect(db.url)).toBe(true);
      expect(await canConnect(legacyUrl)).toBe(false);

      // A folder from before: the old default password and no file. The next start sets a random one and keeps it.
      const pool = createPool(db.url, 1);
      await pool.query(`alter user postgres with password 'postgres'`);
      await pool.end();
      fs.rmSync(file);
      await db.stop();
      db = await startDatabase({ dataDir: pwDir, port: pwPort, database: 'postgres' });
      const rotated = fs.readFileSync(file, 'utf8').trim();
      expect(rotated).not.toBe('postgres');
      expect(rotated).not.toBe(password);
      expect(await canConnect(db.url)).toBe(true);
      expect(await canConnect(legacyUrl)).toBe(false);
    } finally {
      await db.stop();
    }
  }, 120_000);
});

describe('embedded PostgreSQL watchdog (issue 22 item 13)', () => {
  it('the app restarts the embedded server when its process dies, and queries answer again', async () => {
    const wdDir = `${dataDir}-watchdog`;
    const wdPort = port + 4;
    fs.rmSync(wdDir, { recursive: true, force: true });
    const lines: string[] = [];
    let restarted = () => {};
    const restart = new Promise<void>((resolve) => (restarted = resolve));
    const log = (line: string) => {
      lines.push(line);
      if (line === 'PostgreSQL embutido reiniciado.') restarted();
    };
    const db = await startDatabase({ dataDir: wdDir, port: wdPort, database: 'postgres', watchdog: { maxRestarts: 3, log } });
    const pool = createPool(db.url, 2, { log: () => {} });
    try {
      expect((await pool.query<{ ok: number }>('select 1 as ok')).rows[0]!.ok).toBe(1);
      const pidFile = path.join(wdDir, 'pg', 'postmaster.pid');
      const killed = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(killed, 'SIGKILL');
      // (An idle backend may still answer for a moment after its postmaster died: wait for the restart first.)
      await within(restart, 60_000, 'the watchdog did not restart PostgreSQL');
      // The new server cannot start while the old backends live, so their connections have closed by now: wait for
      // the pool to drop them (its 'remove' events), then a query opens a connection to the new server.
      while (pool.totalCount > 0) await within(once(pool, 'remove'), 10_000, 'the pool kept a dead connection');
      const answered = (await pool.query<{ ok: number }>('select 1 as ok')).rows[0]!.ok;
      expect(answered).toBe(1);
      expect(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(killed);
      expect(lines.some((l) => /PostgreSQL embutido terminou \(SIGKILL\); reiniciando \(tentativa 1 de 3\)/.test(l))).toBe(true);
      expect(lines).toContain('PostgreSQL embutido reiniciado.');
    } finally {
      await pool.end().catch(() => {});
      await db.stop();
    }
    // A stop on purpose is not a death: nothing restarts it. No pause needed: stop() resolves on the server's 'exit'
    // event, after the watchdog's own 'exit' listener (registered first) ran, and a restart logs at once, before any wait.
    expect(lines.filter((l) => l.includes('reiniciando'))).toHaveLength(1);
  }, 120_000);
});
