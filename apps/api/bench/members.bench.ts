/**
 * Member record benchmark (npm run bench, issue 12 "Speed"): at the benchmark scale (BENCH_SCALE holders, default
 * 30,000, about 63,000 people), `GET user/{cstId}` p95 ≤ 8 ms and `PUT user/{cstId}` of a typical edit p95 ≤ 15 ms
 * server time.
 *
 * Starts its own embedded PostgreSQL (BENCH_MEMBERS_DATA_DIR, default <tmp>/assoc-bench-members, port
 * BENCH_MEMBERS_PG_PORT 54368) or uses BENCH_DATABASE_URL's server; recreates its database `assoc_members_bench`
 * and seeds the demo data at the scale (about 10 s), so every run starts from the same data. Signs in a user
 * holding every staff role, then, one request at a time (the figure is a request's own cost, not a queue):
 *   - GET user/{cstId} of BENCH_MEMBERS_GETS (2,000) random holders, after 200 warm-up reads;
 *   - PUT user/{cstId} of BENCH_MEMBERS_PUTS (500) random holders: the record read (not timed), its mobile phone
 *     or its e-mail changed (alternately), saved with the version it was read with, as the screen does;
 * first through `app.inject` (no network: the route's own time), then over HTTP on 127.0.0.1 (fetch, keep-alive).
 * "Server time" is Fastify's reply.elapsedTime (onResponse hook); the inject and client times are printed too.
 * The server logs at BENCH_LOG_LEVEL (default info, as in production) into a discarding stream.
 * Prints "skipped: route not built" and succeeds when the routes are not there.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allRoles, cpfFromBase, type Role } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { startDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createDb, createPool, runMigrations, type Db } from '../src/db/client.js';
import { seedDemoData } from '../src/db/seed/seed.js';
import { profileRoles, profiles, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { buildApp } from '../src/app.js';
import { backendCpuMs, nodeCpuSince, percentile, runBench } from './stats.js';

const env = process.env;
const SCALE = Number(env.BENCH_SCALE ?? 30_000);
const GETS = Number(env.BENCH_MEMBERS_GETS ?? 2_000);
const PUTS = Number(env.BENCH_MEMBERS_PUTS ?? 500);
const WARMUP = 200;
const DATA_DIR = env.BENCH_MEMBERS_DATA_DIR ?? path.join(os.tmpdir(), 'assoc-bench-members');
const PG_PORT = Number(env.BENCH_MEMBERS_PG_PORT ?? 54368);
const DATABASE = 'assoc_members_bench';
export const LOG_LEVEL = env.BENCH_LOG_LEVEL ?? 'info';
/** A staff user holding every role but the members' portal one. */
export const BENCH_USER = { cpf: cpfFromBase('999888333'), password: 'Bench@1234' };

const TARGET_GET_P95_MS = 8;
const TARGET_PUT_P95_MS = 15;

const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

export interface MembersBenchDatabase {
  database: DatabaseHandle;
  pool: pg.Pool;
  db: Db;
  /** The holders' cstIds (parent_id null). */
  holders: number[];
  close(): Promise<void>;
}

/** A throw-away copy of the members bench's database (see `copyMembersBenchDatabase`). */
export interface MembersBenchCopy {
  pool: pg.Pool;
  db: Db;
  url: string;
  /** How many holders the copy has. */
  holders: number;
  /** Ends the copy's pool, drops the copy and stops the server. */
  drop(): Promise<void>;
}

/**
 * A copy of the members bench's database (`CREATE DATABASE … TEMPLATE`) named `name`, for a bench that changes data
 * for good (a closing locks its period): the bench database stays as it was for the next run. Seeds it first when
 * it is not at the scale (`openMembersBenchDatabase({ fresh: false })`).
 */
export async function copyMembersBenchDatabase(name: string): Promise<MembersBenchCopy> {
  const bench = await openMembersBenchDatabase({ fresh: false });
  const source = new URL(bench.pool.options.connectionString!).pathname.slice(1);
  const holders = bench.holders.length;
  // A template must have no other connection while it is copied.
  await bench.pool.end();
  const admin = new pg.Client({ connectionString: bench.database.url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name} template ${source}`);
  const url = new URL(bench.database.url);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 10);
  return {
    pool,
    db: createDb(pool),
    url: url.toString(),
    holders,
    async drop() {
      await pool.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
      await bench.database.stop();
    },
  };
}

async function holderIds(db: Db) {
  const { rows } = await db.execute<{ id: number }>(sql`select cst_id as id from customers where parent_id is null order by cst_id`);
  return rows.map((r) => r.id);
}

/**
 * The bench database at BENCH_SCALE with the bench user. `fresh` recreates and reseeds it (the members bench);
 * otherwise one already at the scale is kept (the member screen bench, run right after it).
 */
export async function openMembersBenchDatabase({ fresh }: { fresh: boolean }): Promise<MembersBenchDatabase> {
  const database = await startDatabase({ databaseUrl: env.BENCH_DATABASE_URL, dataDir: DATA_DIR, port: PG_PORT, database: 'postgres' });
  const url = new URL(database.url);
  url.pathname = `/${DATABASE}`;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount === 1;
  let pool = exists ? createPool(url.toString(), 20) : undefined;
  let holders = pool ? await holderIds(createDb(pool)).catch(() => []) : [];
  if (fresh || holders.length !== SCALE) {
    await pool?.end();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
    pool = createPool(url.toString(), 20);
    await runMigrations(createDb(pool));
    log(`Gerando dados de demonstração (escala ${SCALE})...`);
    await seedDemoData(createDb(pool), { scale: SCALE, log });
    // A database in service has been vacuumed and analysed: measure that, not autovacuum catching up with
    // the 1.6 million rows the seed has just written (it ran through the first minutes of the measure).
    log('VACUUM ANALYZE e CHECKPOINT após a carga...');
    await pool.query('vacuum analyze');
    await pool.query('checkpoint').catch(() => {}); // needs a superuser or pg_checkpoint: skipped on a restricted server
    holders = await holderIds(createDb(pool));
  } else {
    await runMigrations(createDb(pool!));
  }
  await admin.end();
  const db = createDb(pool!);
  const [profile] = await db
    .insert(profiles)
    .values({ name: 'Bench associado', description: 'Usuário do benchmark da ficha do associado' })
    .onConflictDoUpdate({ target: profiles.name, set: { description: 'Usuário do benchmark da ficha do associado' } })
    .returning({ permId: profiles.permId });
  const roles = allRoles.filter((r: Role) => r !== 'v2portal');
  await db
    .insert(profileRoles)
    .values(roles.map((role) => ({ permId: profile!.permId, role })))
    .onConflictDoNothing();
  await db
    .insert(users)
    .values({ cpf: BENCH_USER.cpf, name: 'Benchmark Associado', passwordHash: await hashPassword(BENCH_USER.password), permId: profile!.permId })
    .onConflictDoNothing({ target: users.cpf });
  return {
    database,
    pool: pool!,
    db,
    holders,
    close: async () => {
      await pool!.end().catch(() => {});
      // pg's pool.end() resolves before the sockets close: let them go before the server stops.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await database.stop().catch(() => {});
    },
  };
}

/** A deterministic pseudo-random sequence (mulberry32), so every run reads the same members. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sample(ids: number[], count: number, seed: number) {
  const next = random(seed);
  return Array.from({ length: count }, () => ids[Math.floor(next() * ids.length)]!);
}

/** The read-only extras of GET user/{cstId} that a save does not take (as the screen's body builder drops them). */
const READ_ONLY = ['extratoDatas', 'irDatas', 'custTitular', 'idade', 'falecidos', 'custCoordenadorAdjunto', 'custCoordenadorTitular', 'fieldDiffs'];

/** The typical edit: the loaded record with its mobile phone (even i) or its e-mail (odd i) changed. */
function editOf(record: Record<string, unknown>, i: number) {
  const body = Object.fromEntries(Object.entries(record).filter(([key]) => !READ_ONLY.includes(key)));
  if (i % 2 === 0) {
    body.custCelularDdd = record.custCelularDdd || '11';
    body.custCelular = `9${String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8)}`;
  } else {
    body.custEmail = `associado.bench${i}@example.com`;
  }
  return body;
}

interface Call {
  method: 'GET' | 'PUT';
  url: string;
  body?: unknown;
}
interface Answer {
  status: number;
  json: () => unknown;
}
type Caller = (call: Call) => Promise<Answer>;

interface Figures {
  label: string;
  server: number[];
  client: number[];
  failures: Map<string, number>;
  /** CPU (ms) this process and the PostgreSQL backends spent on the measured requests: the load-free cost. */
  nodeCpu: number;
  pgCpu: number;
}

/** Runs the GETs and the PUTs through one way of calling; `serverTimes` is filled by the onResponse hook. */
async function measure(
  way: string,
  call: Caller,
  holders: number[],
  serverTimes: { current: number[] | null },
  seed: number,
  pool: pg.Pool,
): Promise<{ get: Figures; put: Figures }> {
  const figures = (label: string): Figures => ({ label, server: [], client: [], failures: new Map(), nodeCpu: 0, pgCpu: 0 });
  const fail = (f: Figures, status: number, body: unknown) => {
    const message = typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : '';
    const key = `${status} ${message}`.slice(0, 160);
    f.failures.set(key, (f.failures.get(key) ?? 0) + 1);
  };
  const get = figures(`GET user/{cstId} (${way})`);
  const put = figures(`PUT user/{cstId} (${way})`);

  for (const cstId of sample(holders, WARMUP, seed + 1)) await call({ method: 'GET', url: `/api/v1/user/${cstId}` });
  serverTimes.current = get.server;
  const pgBefore = await backendCpuMs(pool);
  const cpu = process.cpuUsage();
  for (const cstId of sample(holders, GETS, seed + 2)) {
    const t = performance.now();
    const res = await call({ method: 'GET', url: `/api/v1/user/${cstId}` });
    get.client.push(performance.now() - t);
    if (res.status !== 200) fail(get, res.status, res.json());
  }
  get.nodeCpu = nodeCpuSince(cpu);
  get.pgCpu = (await backendCpuMs(pool)) - pgBefore;

  const targets = sample(holders, PUTS, seed + 3);
  for (let i = 0; i < targets.length; i++) {
    serverTimes.current = null;
    const url = `/api/v1/user/${targets[i]}`;
    const loaded = await call({ method: 'GET', url });
    if (loaded.status !== 200) {
      fail(put, loaded.status, loaded.json());
      continue;
    }
    const body = editOf(loaded.json() as Record<string, unknown>, i);
    serverTimes.current = put.server;
    const pgStart = await backendCpuMs(pool);
    const cpuStart = process.cpuUsage();
    const t = performance.now();
    const res = await call({ method: 'PUT', url, body });
    put.client.push(performance.now() - t);
    put.nodeCpu += nodeCpuSince(cpuStart);
    put.pgCpu += (await backendCpuMs(pool)) - pgStart;
    if (res.status !== 200) fail(put, res.status, res.json());
  }
  serverTimes.current = null;
  return { get, put };
}

function report(f: Figures, clientLabel: string, target: number) {
  const server = [...f.server].sort((a, b) => a - b);
  const client = [...f.client].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const p95 = percentile(server, 95);
  const failed = [...f.failures.values()].reduce((a, b) => a + b, 0);
  log(`  ${f.label}: ${client.length} pedidos, ${failed} com erro`);
  log(`    tempo no servidor  p50 ${ms(percentile(server, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(server, 99))}, máx ${ms(server.at(-1) ?? NaN)}`);
  log(`    ${clientLabel.padEnd(18)} p50 ${ms(percentile(client, 50))}, p95 ${ms(percentile(client, 95))}`);
  const n = Math.max(1, client.length);
  log(
    `    CPU por pedido     Node ${ms(f.nodeCpu / n)}, PostgreSQL ${Number.isNaN(f.pgCpu) ? 'n/d' : ms(f.pgCpu / n)} (o custo sem a carga da máquina; medido a 10 ms por tique no PostgreSQL)`,
  );
  for (const [reason, count] of f.failures) log(`    erro ×${count}: ${reason}`);
  // Failures count against the target: a fast refusal is no saved edit.
  const ok = p95 <= target && failed === 0;
  log(`    meta (p95 no servidor ≤ ${target} ms, sem erros): ${ok ? 'atingida' : 'NÃO atingida'}`);
  return ok;
}

/** Waits for the in-memory search index's first load (as the server does at start), so it does not run during the measure. */
export async function searchIndexReady(app: FastifyInstance, pool: pg.Pool) {
  if (!app.peopleIndex) return;
  const { rows } = await pool.query<{ v: string }>(`select v::text from data_versions where name = 'people'`);
  if (!(await app.peopleIndex.waitFor(Number(rows[0]?.v ?? 0), 120_000))) throw new Error('O índice de pesquisa não carregou');
}

/** Signs the bench user in through `app.inject`; the session cookie and XSRF token for later calls. */
export async function benchSession(app: FastifyInstance) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: BENCH_USER.cpf, password: BENCH_USER.password } });
  if (res.statusCode !== 200) throw new Error(`Falha ao entrar com o usuário do benchmark: ${res.statusCode} ${res.body}`);
  const cookies = res.cookies as Array<{ name: string; value: string }>;
  return {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    xsrf: cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  };
}

async function main() {
  const started = Date.now();
  // BENCH_MEMBERS_REUSE=1 keeps a database already at the scale (for profiling runs; the figures of record reseed).
  const bench = await openMembersBenchDatabase({ fresh: env.BENCH_MEMBERS_REUSE !== '1' });
  let logLines = 0;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR, SESSION_SECRET: 'bench-secret', LOG_LEVEL });
  const app = await buildApp({ config, db: bench.db, pool: bench.pool, serveWeb: false, logger: { stream: { write: () => void logLines++ } } });
  const serverTimes: { current: number[] | null } = { current: null };
  app.addHook('onResponse', async (request, reply) => {
    if (serverTimes.current && request.routeOptions.url === '/api/v1/user/:cstId') serverTimes.current.push(reply.elapsedTime);
  });
  try {
    await app.ready();
    await searchIndexReady(app, bench.pool);
    const session = await benchSession(app);
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
    const probe = await app.inject({ method: 'GET', url: `/api/v1/user/${bench.holders[0]}`, headers });
    if (probe.statusCode === 404 && !app.hasRoute({ method: 'GET', url: '/api/v1/user/:cstId' })) {
      log('Ficha do associado: skipped: route not built (GET user/{cstId} não existe)');
      return true;
    }
    log(
      `Ficha do associado: ${bench.holders.length} titulares; ${GETS} leituras e ${PUTS} gravações, uma de cada vez; log do servidor no nível ${LOG_LEVEL} (descartado); ${machine()}`,
    );

    const inject: Caller = async ({ method, url, body }) => {
      const res = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
      return { status: res.statusCode, json: () => res.json() };
    };
    const viaInject = await measure('app.inject, sem rede', inject, bench.holders, serverTimes, 1, bench.pool);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const http: Caller = async ({ method, url, body }) => {
      const res = await fetch(`${address}${url}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: () => (text ? JSON.parse(text) : null) };
    };
    const viaHttp = await measure('HTTP em 127.0.0.1', http, bench.holders, serverTimes, 11, bench.pool);

    log();
    log('Resultado:');
    const results = [
      report(viaInject.get, 'app.inject', TARGET_GET_P95_MS),
      report(viaInject.put, 'app.inject', TARGET_PUT_P95_MS),
      report(viaHttp.get, 'no cliente', TARGET_GET_P95_MS),
      report(viaHttp.put, 'no cliente', TARGET_PUT_P95_MS),
    ];
    log(`  ${logLines} linhas de log; ${machine()}; concluído em ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return results.every(Boolean);
  } finally {
    await app.close().catch(() => {});
    await bench.close();
  }
}

runBench(import.meta.url, main);
