import crypto from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { authContracts, type Role } from '@assoc/domain';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createDb, createPool, type Db } from '../src/db/client.js';
import { buildApp, type AppFeatures, type BuildOptions } from '../src/app.js';
import { withDatabase } from './global-setup.js';
import { createUser, TEST_PASSWORD } from './factories/index.js';
import { urlOf } from './contract-call.js';

export * from './factories/index.js';

export interface TestContext {
  app: FastifyInstance;
  /** The test database's name and URL (for a second instance or a child process). */
  database: string;
  databaseUrl: string;
  db: Db;
  pool: pg.Pool;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Builds the app against a fresh copy of the migrated template database. The jobs engine (pg-boss), the
 * real-time channel and the people index are off unless `features` turns them on: starting them in every
 * file cost most of the suite's time, and every route is registered either way.
 */
export async function createTestApp(
  overrides: Partial<Record<keyof AppConfig, unknown>> = {},
  /** `database`: build a second instance on an existing test database (it stays until its owner closes). */
  options: { database?: string; features?: AppFeatures; testRoutes?: BuildOptions['testRoutes'] } = {},
): Promise<TestContext> {
  const templateUrl = inject('templateUrl');
  const owned = !options.database;
  const name = options.database ?? `t_${crypto.randomBytes(6).toString('hex')}`;
  if (owned) {
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${name} template assoc_template`);
    await admin.end();
  }
  const pool = createPool(withDatabase(templateUrl, name), 5);
  const db = createDb(pool);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'assoc-test-data'),
    SESSION_SECRET: 'test-secret',
    ...overrides,
  });
  const features = { jobs: false, realtime: false, searchIndex: false, ...options.features };
  const app = await buildApp({ config, db, pool, serveWeb: false, features, ...(options.testRoutes ? { testRoutes: options.testRoutes } : {}) });
  await app.ready();
  return {
    app,
    db,
    pool,
    config,
    database: name,
    databaseUrl: withDatabase(templateUrl, name),
    async close() {
      await app.close();
      await pool.end();
      if (!owned) return;
      const drop = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** A signed-in client: cookie and XSRF header attached to every call. */
export interface Client {
  cookie: string;
  xsrf: string;
  /** A raw request with the session attached: what `call` sends through, and what a raw-HTTP test uses. */
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export async function signIn(ctx: TestContext, cpf: string, password = TEST_PASSWORD): Promise<Client> {
  const res = await ctx.app.inject({ method: 'POST', url: urlOf(authContracts.login), payload: { username: cpf, password } });
  if (res.statusCode !== 200 || res.json().data === 'requirecode') throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies as { name: string; value: string }[];
  const sid = cookies.find((c) => c.name === 'assoc_sid')!.value;
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const cookie = `assoc_sid=${sid}; XSRF-TOKEN=${xsrf}`;
  const request = (opts: InjectOptions) => ctx.app.inject({ ...opts, headers: { cookie, 'x-xsrf-token': xsrf, ...(opts.headers ?? {}) } });
  return { cookie, xsrf, request };
}

/** A user with these roles, already signed in. */
export async function signedInAs(ctx: TestContext, roles: Role[]) {
  const user = await createUser(ctx, { roles });
  return { user, client: await signIn(ctx, user.cpf) };
}

export { apiUrl, call, expectOk, prepare, urlOf, type CallResult, type CallTarget, type ErrorReply, type PreparedCall } from './contract-call.js';
