/**
 * `npm run bench` (process part): the digital process at scale (issue 15 targets).
 *
 * `tsx bench/process.bench.ts [--scale N]` (default 100,000 processes, 10 movements each: 1,000,000 movements),
 * generated with generate_series (the seed's generator) into its own embedded PostgreSQL (BENCH_PROCESS_DATA_DIR,
 * default <tmp>/assoc-bench-process, port BENCH_PROCESS_PG_PORT 54367) or BENCH_DATABASE_URL; kept between runs
 * when it already holds that scale. Two app instances share the database (A imports, B serves the socket):
 *  - POST process/processos/search p95 ≤ 50 ms with exact facet counts and total (first page, a mix of words,
 *    phrases, CNJ numbers with and without punctuation, filters and orderings); then each text search's page and
 *    counts, by the way the repository chose, are checked against those from the bitmap of all matches;
 *  - GET process/processos/{pastaId} first page p95 ≤ 10 ms; GET process/andamento/{proId} p95 ≤ 10 ms;
 *  - importing 1,000 processes with their movements (and a PDF each) through POST process/importar ≤ 30 s;
 *  - a new movement imported through A reaches a socket.io client connected to B ≤ 200 ms p95.
 * Times are client times over loopback (sequential requests, after a warm-up), with the server's own time beside.
 * The embedded server runs with shared_buffers BENCH_PROCESS_SHARED_BUFFERS (512MB): the data must fit in memory.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { isDeepStrictEqual } from 'node:util';
import { buildCnj, cpfFromBase, formatCnj, parseCnj, type ProcessFilter, type ProcessOrderBy } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { startDatabase } from '../src/db/database.js';
import { createDb, createPool, runMigrations, type Db } from '../src/db/client.js';
import { generateProcesses } from '../src/db/seed/process.seed.js';
import { profileRoles, profiles, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { buildApp } from '../src/app.js';
import { textPdf } from '../src/modules/process/process.pdf.js';
import { createProcessRepository } from '../src/modules/process/process.repository.js';
import { percentile } from './stats.js';

const env = process.env;
const scaleArg = process.argv.indexOf('--scale');
const SCALE = Number(scaleArg > 0 ? process.argv[scaleArg + 1] : (env.BENCH_PROCESS_SCALE ?? 100_000));
const MOVEMENTS_PER_PROCESS = 10;
const DATA_DIR = env.BENCH_PROCESS_DATA_DIR ?? path.join(os.tmpdir(), 'assoc-bench-process');
const PG_PORT = Number(env.BENCH_PROCESS_PG_PORT ?? 54367);
const IMPORTS = Number(env.BENCH_PROCESS_IMPORTS ?? 1000);
const SAMPLES = Number(env.BENCH_PROCESS_SAMPLES ?? 300);
const BENCH_USER = { cpf: cpfFromBase('999888666'), password: 'Bench@1234' };
const TARGETS = { search: 50, folder: 10, movements: 10, importSeconds: 30, realtime: 200 };

const log = (line = '') => console.log(line);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function ensureUser(db: Db) {
  const [profile] = await db
    .insert(profiles)
    .values({ name: 'Bench processo', description: 'Usuário do benchmark do processo digital' })
    .onConflictDoUpdate({ target: profiles.name, set: { description: 'Usuário do benchmark do processo digital' } })
    .returning({ permId: profiles.permId });
  await db.insert(profileRoles).values({ permId: profile!.permId, role: 'v2menuprocesso' }).onConflictDoNothing();
  await db
    .insert(users)
    .values({ cpf: BENCH_USER.cpf, name: 'Benchmark Processo', passwordHash: await hashPassword(BENCH_USER.password), permId: profile!.permId })
    .onConflictDoNothing({ target: users.cpf });
  const { rows } = await db.execute<{ id: number }>(sql`select user_id as id from users where cpf = ${BENCH_USER.cpf}`);
  return rows[0]!.id;
}

async function signIn(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_USER.cpf, password: BENCH_USER.password }),
  });
  if (!res.ok) throw new Error(`Falha ao entrar: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), xsrf };
}

function summary(label: string, times: number[], target: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  log(
    `${label}: n=${sorted.length} p50 ${ms(percentile(sorted, 50))} p95 ${ms(p95)} p99 ${ms(percentile(sorted, 99))} max ${ms(sorted[sorted.length - 1] ?? NaN)} — alvo p95 ≤ ${target} ms: ${p95 <= target ? 'OK' : 'NÃO ATINGIDO'}`,
  );
  return p95 <= target;
}

async function timed(fn: () => Promise<Response>) {
  const started = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return elapsed;
}

async function prepareData(url: string, external: boolean) {
  let pool = createPool(url, 10);
  let db = createDb(pool);
  await runMigrations(db);
  // Generated processes only (sequence ≤ scale): the import part of a previous run added its own.
  const { rows } = await pool.query<{ p: number; m: number }>(
    'select (select count(*) from processes where left(numero, 7)::int <= $1)::int as p, (select count(*) from process_movements)::int as m',
    [SCALE],
  );
  const have = rows[0]!;
  if (have.p === SCALE && have.m >= SCALE * MOVEMENTS_PER_PROCESS) return { pool, db };
  if (have.p > 0 && external) throw new Error(`Banco externo com ${have.p} processos: use um banco vazio ou de escala ${SCALE}`);
  if (have.p > 0) {
    await pool.end();
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
    await admin.connect();
    await admin.query('drop database if exists assoc with (force)');
    await admin.query('create database assoc');
    await admin.end();
    pool = createPool(url, 10);
    db = createDb(pool);
    await runMigrations(db);
  }
  for (const nome of ['Em análise', 'Prazos', 'Recursos', 'Precatórios', 'Arquivados']) {
    await db.execute(sql`insert into process_folders (nome) values (${nome}) on conflict do nothing`);
  }
  const started = Date.now();
  log(`Gerando ${SCALE.toLocaleString('pt-BR')} processos e ${(SCALE * MOVEMENTS_PER_PROCESS).toLocaleString('pt-BR')} andamentos...`);
  await generateProcesses(db, { count: SCALE, movements: MOVEMENTS_PER_PROCESS, fixedMovements: true });
  await pool.query('vacuum analyze processes, process_search, process_movements, process_folders');
  log(`Dados gerados em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { pool, db };
}

/** The embedded server's shared buffers: 100,000 processes take about 200 MB of table and indexes (default 128 MB). */
const SHARED_BUFFERS = env.BENCH_PROCESS_SHARED_BUFFERS ?? '512MB';

async function main() {
  const external = env.BENCH_DATABASE_URL;
  let database = await startDatabase({ databaseUrl: external, dataDir: DATA_DIR, port: PG_PORT, database: 'assoc' });
  if (!external) {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query<{ v: string }>("select current_setting('shared_buffers') as v");
    if (rows[0]!.v.toLowerCase() !== SHARED_BUFFERS.toLowerCase()) {
      await admin.query(`alter system set shared_buffers = '${SHARED_BUFFERS.replace(/[^0-9A-Za-z]/g, '')}'`);
      await admin.end();
      await database.stop();
      database = await startDatabase({ dataDir: DATA_DIR, port: PG_PORT, database: 'assoc' });
    } else await admin.end();
  }
  const { pool, db } = await prepareData(database.url, !!external);
  // Reads the tables once (cache): processes, the narrow search rows and their vectors (the ranked candidates read them).
  await pool.query('select count(*) from processes');
  await pool.query('select sum(length(s.vector)) from process_search s');
  const userId = await ensureUser(db);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR, SESSION_SECRET: 'bench-secret', LOG_LEVEL: 'warn', JOBS_WORKER: 'false' });
  const features = { jobs: false, realtime: true, searchIndex: false };
  const poolB = createPool(database.url, 10);
  const a = await buildApp({ config, db, pool, serveWeb: false, logger: false, features });
  const b = await buildApp({ config, db: createDb(poolB), pool: poolB, serveWeb: false, logger: false, features });
  // Server time of each measured call (Fastify's elapsed time), beside the client's.
  const serverTimes = new Map<string, number[]>();
  a.addHook('onResponse', async (request, reply) => {
    const key = `${request.method} ${request.routeOptions.url}`;
    if (reply.statusCode < 300) serverTimes.set(key, [...(serverTimes.get(key) ?? []), reply.elapsedTime]);
  });
  const server = (method: string, url: string) => {
    const times = [...(serverTimes.get(`${method} /api/v1/${url}`) ?? [])].sort((x, y) => x - y);
    serverTimes.delete(`${method} /api/v1/${url}`);
    return `  (tempo no servidor: p50 ${ms(percentile(times, 50))} p95 ${ms(percentile(times, 95))})`;
  };
  const urlA = await a.listen({ port: 0, host: '127.0.0.1' });
  const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
  const socketsToClose: Socket[] = [];
  let ok = true;
  try {
    const session = await signIn(urlA);
    const headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
    const get = (url: string) => fetch(`${urlA}/api/v1/${url}`, { headers });
    const post = (url: string, body: unknown) =>
      fetch(`${urlA}/api/v1/${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const { rows: sample } = await pool.query<{ numero: string; pro_id: number }>(
      'select numero, pro_id from processes order by pro_id limit 40 offset 500',
    );
    const words = [
      'intimação',
      'intimado',
      'sentença procedente',
      'auxílio moradia',
      'araujo',
      'Conceição Magalhães',
      'mandado de segurança',
      'precatório',
      'apelação',
      'teto remuneratório',
      'contestação réplica',
      'trânsito em julgado',
      'licença-prêmio',
      'URV',
      'INSS',
    ];
    const orderings = ['relevancia', 'data', 'numero'] as const;
    const searches: { query: string; filter: ProcessFilter; orderby: ProcessOrderBy; limit: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const cnj = sample[i % sample.length]!.numero;
      const query = i % 5 === 4 ? (i % 2 ? formatCnj(cnj) : cnj) : words[i % words.length]!;
      const filter = i % 3 === 1 ? { tribunal: ['TJSP', 'TJRJ'] } : i % 3 === 2 ? { ano: [2018, 2019, 2020] } : {};
      searches.push({ query, filter, orderby: orderings[i % 3]!, limit: 50 });
    }
    const { rows: folders } = await pool.query<{ id: number }>('select pasta_id as id from process_folders order by pasta_id');
    const { rows: proIds } = await pool.query<{ id: number }>(`select pro_id as id from processes tablesample system (1) limit ${SAMPLES}`);

    // Warm-up, then the measured runs.
    for (let i = 0; i < 30; i++) await timed(() => post('process/processos/search', searches[i % searches.length]));
    const searchTimes: number[] = [];
    const byShape = searches.map(() => [] as number[]);
    serverTimes.clear();
    for (let i = 0; i < SAMPLES; i++) {
      const elapsed = await timed(() => post('process/processos/search', searches[i % searches.length]));
      searchTimes.push(elapsed);
      byShape[i % searches.length]!.push(elapsed);
    }
    ok = summary('Busca (POST process/processos/search, 1ª página com facetas)', searchTimes, TARGETS.search) && ok;
    log(server('POST', 'process/processos/search'));
    // The slowest searches (median of their runs), with how many processes each matches: the cost follows the matches.
    const medians = byShape.map((times, k) => ({
      k,
      median: percentile(
        [...times].sort((x, y) => x - y),
        50,
      ),
    }));
    for (const { k, median } of medians.sort((x, y) => y.median - x.median).slice(0, 6)) {
      const reply = (await (await post('process/processos/search', searches[k])).json()) as { total: number };
      log(`  ${ms(median)} (mediana) ${JSON.stringify(searches[k])} — ${reply.total.toLocaleString('pt-BR')} processos`);
    }
    const one = (await (await post('process/processos/search', { query: 'intimação', limit: 50 })).json()) as { total: number };
    log(`  ("intimação" encontra ${one.total.toLocaleString('pt-BR')} processos)`);
    // Exactness: each text search's page and counts, by the way chosen (walking the order's index or the bitmap of
    // all matches), equal those from the bitmap of all matches.
    const repo = createProcessRepository();
    let compared = 0;
    let walked = 0;
    for (const body of new Map(searches.map((s) => [JSON.stringify(s), s])).values()) {
      const text = body.query.trim();
      if (!text || parseCnj(text)) continue;
      const spec = { userId, cnj: null, text, filter: body.filter, orderby: body.orderby, offset: 0, limit: body.limit };
      const { plan, ...chosen } = await repo.search(db, spec);
      const { plan: _, ...reference } = await repo.search(db, { ...spec, plan: 'bitmap' });
      if (!isDeepStrictEqual(chosen, reference)) throw new Error(`Busca ${JSON.stringify(body)}: página ou contagens diferentes das do bitmap`);
      compared++;
      if (plan === 'walk') walked++;
    }
    log(`  (${compared} buscas de texto: página e contagens iguais às do bitmap de todas as correspondências; ${walked} pelo índice da ordem)`);

    const folderTimes: number[] = [];
    for (let i = 0; i < 20; i++) await timed(() => get(`process/processos/${folders[i % folders.length]!.id}`));
    serverTimes.clear();
    for (let i = 0; i < SAMPLES; i++) folderTimes.push(await timed(() => get(`process/processos/${folders[i % folders.length]!.id}`)));
    ok = summary('Pasta, 1ª página (GET process/processos/{pastaId})', folderTimes, TARGETS.folder) && ok;
    log(server('GET', 'process/processos/:pastaId'));

    const movementTimes: number[] = [];
    for (let i = 0; i < 20; i++) await timed(() => get(`process/andamento/${proIds[i % proIds.length]!.id}`));
    serverTimes.clear();
    for (let i = 0; i < SAMPLES; i++) movementTimes.push(await timed(() => get(`process/andamento/${proIds[i % proIds.length]!.id}`)));
    ok = summary('Andamentos (GET process/andamento/{proId})', movementTimes, TARGETS.movements) && ok;
    log(server('GET', 'process/andamento/:proId'));

    // The import: an API key, then 1,000 new processes with 10 movements and a PDF each, 4 at a time.
    const { chave } = await a.services.process.createApiKey({ userId, name: 'Benchmark Processo' }, `Bench ${Date.now()}`);
    const base = 9_000_000 + (Date.now() % 900_000);
    const importOne = async (i: number, andamentos: { id: string; data: string; texto: string }[], withPdf = true) => {
      const numero = buildCnj({ sequence: base + i, year: 2024, segment: 8, court: 26, origin: 100 });
      const form = new FormData();
      form.append(
        'dados',
        JSON.stringify({
          numero,
          tribunal: 'TJSP',
          classe: 'Procedimento Comum Cível',
          assunto: 'Abono de Permanência',
          partes: `Autor: Bench ${i}; Réu: Estado`,
          status: 'Em andamento',
          andamentos,
        }),
      );
      if (withPdf)
        form.append(
          'pdf',
          new Blob([await textPdf(`Autos ${formatCnj(numero)}`, ['Processo importado pelo benchmark.'])], { type: 'application/pdf' }),
          'autos.pdf',
        );
      const res = await fetch(`${urlA}/api/v1/process/importar`, { method: 'POST', headers: { 'x-api-key': chave }, body: form });
      if (!res.ok) throw new Error(`importação: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as { proId: number };
    };
    const movementsOf = (i: number) =>
      Array.from({ length: MOVEMENTS_PER_PROCESS }, (_, k) => ({
        id: `b${k}`,
        data: `2024-0${1 + (k % 9)}-1${k % 9}`,
        texto: `Andamento ${k} do processo ${i}: juntada de petição e intimação das partes.`,
      }));
    const importStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < IMPORTS) await importOne(next++, movementsOf(next));
      }),
    );
    const importSeconds = (performance.now() - importStarted) / 1000;
    const importOk = importSeconds <= TARGETS.importSeconds;
    ok = importOk && ok;
    log(
      `Importação de ${IMPORTS} processos com ${MOVEMENTS_PER_PROCESS} andamentos e PDF (POST process/importar, 4 em paralelo): ${importSeconds.toFixed(1)} s — alvo ≤ ${TARGETS.importSeconds} s: ${importOk ? 'OK' : 'NÃO ATINGIDO'}`,
    );

    // Real time: a socket on instance B; each new movement imported through A, timed until its message arrives.
    const socket = connect(urlB, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: session.cookie },
    });
    socketsToClose.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const target = await importOne(IMPORTS + 1, [], false);
    const realtimeTimes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('mensagem processo não chegou em 5 s')), 5000);
        const listener = (m: { command: string; proId?: number }) => {
          if (m.command !== 'andamento' || m.proId !== target.proId) return;
          clearTimeout(timer);
          socket.off('processo', listener);
          resolve(performance.now() - started);
        };
        socket.on('processo', listener);
      });
      await importOne(IMPORTS + 1, [{ id: `rt${i}`, data: '2025-01-02', texto: `Intimação eletrônica ${i}.` }], false);
      const elapsed = await arrived;
      if (i >= 10) realtimeTimes.push(elapsed);
    }
    ok = summary('Tempo real (andamento importado em A até o socket em B)', realtimeTimes, TARGETS.realtime) && ok;
  } finally {
    for (const s of socketsToClose) s.disconnect();
    await b.close();
    await a.close();
    await poolB.end();
    await pool.end();
    await database.stop();
  }
  log(ok ? 'Processo digital: todos os alvos atingidos.' : 'Processo digital: algum alvo não foi atingido.');
  if (!ok) process.exitCode = 1;
}

await main();
