import crypto from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@assoc/domain';
import { bbCheckDigit, cpfFromBase, numeroInterno } from '@assoc/domain';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createDb, createPool, type Db } from '../src/db/client.js';
import { buildApp, type AppFeatures, type BuildOptions } from '../src/app.js';
import { addresses, profileRoles, profiles, users, userRoles, customers } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { withDatabase } from './global-setup.js';

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

let cpfCounter = 100_000_000 + Math.floor(Math.random() * 800_000_000);
/** A fresh valid CPF for test data. */
export const nextCpf = () => cpfFromBase(String(cpfCounter++).padStart(9, '0'));

export const TEST_PASSWORD = 'Senha@Teste1';
let profileCounter = 0;

/** A user with a profile holding exactly these roles (plus optional extra roles). */
export async function createUser(
  ctx: TestContext,
  opts: {
    roles: Role[];
    extraRoles?: Role[];
    cpf?: string;
    name?: string;
    cstId?: number;
    fnAllowExternal?: boolean;
    totpSecret?: string;
    active?: boolean;
  } = { roles: [] },
) {
  const [profile] = await ctx.db
    .insert(profiles)
    .values({ name: `Perfil ${++profileCounter} ${crypto.randomUUID()}` })
    .returning();
  if (opts.roles.length) await ctx.db.insert(profileRoles).values(opts.roles.map((role) => ({ permId: profile!.permId, role })));
  const cpf = opts.cpf ?? nextCpf();
  const [user] = await ctx.db
    .insert(users)
    .values({
      cpf,
      name: opts.name ?? 'Usuário de Teste',
      passwordHash: await hashPassword(TEST_PASSWORD),
      permId: profile!.permId,
      cstId: opts.cstId,
      fnAllowExternal: opts.fnAllowExternal ?? false,
      totpSecret: opts.totpSecret,
      active: opts.active ?? true,
    })
    .returning();
  if (opts.extraRoles?.length) await ctx.db.insert(userRoles).values(opts.extraRoles.map((role) => ({ userId: user!.userId, role })));
  return { ...user!, password: TEST_PASSWORD };
}

/** A signed-in client: cookie and XSRF header attached to every call. */
export interface Client {
  cookie: string;
  xsrf: string;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function signIn(ctx: TestContext, cpf: string, password = TEST_PASSWORD): Promise<Client> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: cpf, password } });
  if (res.statusCode !== 200 || res.json().data === 'requirecode') throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies as { name: string; value: string }[];
  const sid = cookies.find((c) => c.name === 'assoc_sid')!.value;
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const cookie = `assoc_sid=${sid}; XSRF-TOKEN=${xsrf}`;
  const request = (opts: InjectOptions) => ctx.app.inject({ ...opts, headers: { cookie, 'x-xsrf-token': xsrf, ...(opts.headers ?? {}) } });
  return {
    cookie,
    xsrf,
    request,
    get: (url) => request({ method: 'GET', url }),
    post: (url, payload) => request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
  };
}

/** A user with these roles, already signed in. */
export async function signedInAs(ctx: TestContext, roles: Role[]) {
  const user = await createUser(ctx, { roles });
  return { user, client: await signIn(ctx, user.cpf) };
}

let memberCounter = 1;
/**
 * A member (holder, or dependent when parentId is given) with sensible defaults. A holder without a given
 * internal number gets the next one as the API gives it (highest + 1 under the same advisory lock): holders'
 * numbers are unique (customers_numero_interno_holder_uq), also next to holders created through the API.
 */
export async function createMember(ctx: TestContext, values: Partial<typeof customers.$inferInsert> = {}) {
  const counter = memberCounter++;
  return ctx.db.transaction(async (tx) => {
    let numero = values.custNumeroInterno;
    if (numero === undefined) {
      if (values.parentId) numero = numeroInterno(counter % 1_000_000);
      else {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customers.cust_numero_interno'))`);
        const result = await tx.execute<{ max: string | null }>(
          sql`select max(cust_numero_interno) as max from customers where parent_id is null and cust_numero_interno ~ '^[0-9]{7}$'`,
        );
        const max = result.rows[0]?.max;
        numero = numeroInterno(max ? Number(max.slice(0, 6)) + 1 : 100_000 + (counter % 100_000));
      }
    }
    const [row] = await tx
      .insert(customers)
      .values({
        custName: `Associado Teste ${counter}`,
        custCpf: nextCpf(),
        custBirthdate: '1970-05-10',
        custSex: 0,
        custStatus: 'M',
        custAssocSituacao: 1,
        ...values,
        custNumeroInterno: numero,
      })
      .returning();
    return row!;
  });
}

/**
 * A holder complete enough for the member save's rules: bank 2 with a valid account, billing day, a residential
 * address as the default one; no services.
 */
export async function createSavableMember(ctx: TestContext, values: Partial<typeof customers.$inferInsert> = {}) {
  const member = await createMember(ctx, {
    custEstadoCivil: 1,
    custSocio: 'N',
    custStatus: 'A',
    bnkId: 2,
    bnkaccBranch: '0001',
    bnkaccBranchDigit: '9',
    bnkaccAccount: '00000006',
    bnkaccAccountDigit: bbCheckDigit('00000006'),
    custCobrancaDia: 4,
    enderecoSelected: 1,
    ...values,
  });
  await ctx.db.insert(addresses).values({
    cstId: member.cstId,
    kind: 1,
    adZipcode: '01310100',
    adNumber: '10',
    adAddress: 'Avenida Paulista',
    adCity: 'São Paulo',
    adState: 'SP',
  });
  return member;
}
