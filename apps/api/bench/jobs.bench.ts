/**
 * Jobs benchmark (npm run bench): a burst of 1,000 queued jobs of a trivial command must complete in
 * ≤ 10 s, and a job's progress event must reach a connected Socket.IO client in ≤ 200 ms p95.
 * Env: BENCH_JOBS (1000), BENCH_JOBS_PG_PORT (54365), BENCH_JOBS_DATA_DIR (temp folder), BENCH_DATABASE_URL.
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { cpfFromBase, type Job } from '@assoc/domain';
import { loadConfig } from '../src/config.js';
import { startDatabase } from '../src/db/database.js';
import { createDb, createPool, runMigrations } from '../src/db/client.js';
import { profileRoles, profiles, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/password.js';
import { buildApp } from '../src/app.js';
import { percentile, runBench } from './stats.js';

const env = process.env;
const JOBS = Number(env.BENCH_JOBS ?? 1000);
const DATA_DIR = env.BENCH_JOBS_DATA_DIR ?? path.join(os.tmpdir(), 'assoc-bench-jobs');
const PG_PORT = Number(env.BENCH_JOBS_PG_PORT ?? 54365);
const TARGET_BURST_S = 10;
const TARGET_P95_MS = 200;
const log = (line = '') => console.log(line);

async function main() {
  const database = await startDatabase({ databaseUrl: env.BENCH_DATABASE_URL, dataDir: DATA_DIR, port: PG_PORT, database: 'postgres' });
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('drop database if exists assoc_jobs_bench with (force)');
  await admin.query('create database assoc_jobs_bench');
  await admin.end();
  const url = new URL(database.url);
  url.pathname = '/assoc_jobs_bench';
  const pool = createPool(url.toString(), 20);
  const db = createDb(pool);
  await runMigrations(db);
  const config = loadConfig({ DATA_DIR, SESSION_SECRET: 'bench', JOBS_CONCURRENCY: Number(env.BENCH_JOBS_CONCURRENCY ?? 8), LOG_LEVEL: 'warn' });
  const app = await buildApp({ config, db, pool, serveWeb: false });
  try {
    // The trivial command exists only here.
    app.jobs.registry.register({
      command: 'bench-trivial',
      label: 'Tarefa trivial (benchmark)',
      question: '?',
      role: 'v2atd',
      allowDuplicates: true,
      handler: async (job) => {
        await job.progress(1, 1);
      },
    });
    app.jobs.registry.register({
      command: 'bench-progresso',
      label: 'Progresso (benchmark)',
      question: '?',
      role: 'v2atd',
      allowDuplicates: true,
      handler: async (job) => {
        for (let i = 1; i <= 40; i++) {
          await new Promise((r) => setTimeout(r, 260));
          await job.progress(i, 40);
        }
      },
    });
    const [profile] = await db.insert(profiles).values({ name: 'Bench tarefas' }).returning();
    await db.insert(profileRoles).values({ permId: profile!.permId, role: 'v2atd' });
    const cpf = cpfFromBase('999888111');
    await db.insert(users).values({ cpf, name: 'Benchmark Tarefas', passwordHash: await hashPassword('Bench@1234'), permId: profile!.permId });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: cpf, password: 'Bench@1234' } });
    const cookies = login.cookies as { name: string; value: string }[];
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');

    // Emitted (server) -> received (client) times, keyed by job and progress.
    const emitted = new Map<string, number>();
    const latencies: number[] = [];
    const key = (j: Job) => `${j.jobId}:${j.jobStatus}:${j.jobCurrent}`;
    app.events.subscribe((e) => {
      if (e.name === 'jobprogress') emitted.set(key(e.payload as Job), performance.now());
    });
    const socket = connect(address, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    let doneCount = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    let measuring = false;
    socket.on('jobprogress', (job: Job) => {
      const at = emitted.get(key(job));
      if (measuring && at !== undefined) latencies.push(performance.now() - at);
      if (job.jobName === 'bench-trivial' && job.jobStatus >= 20 && ++doneCount === JOBS) allDone();
    });

    log(`Tarefas: rajada de ${JOBS} tarefas triviais (${config.JOBS_CONCURRENCY} em paralelo por processo)...`);
    const command = app.jobs.registry.find('bench-trivial')!;
    const {
      rows: [user],
    } = await pool.query<{ user_id: number }>('select user_id from users where cpf = $1', [cpf]);
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, JOBS - i) }, () => app.jobs.enqueue(command, user!.user_id, '0')));
    }
    const queuedMs = performance.now() - t0;
    await Promise.race([finished, new Promise((r) => setTimeout(r, 60_000))]);
    const burstMs = performance.now() - t0;
    const {
      rows: [counts],
    } = await pool.query<{ done: number }>(`select count(*)::int as done from jobs where job_name = 'bench-trivial' and job_status = 30`);

    log('Tarefas: latência de jobprogress até o cliente Socket.IO (tarefa de 40 passos)...');
    measuring = true;
    const progress = await app.jobs.enqueue(app.jobs.registry.find('bench-progresso')!, user!.user_id, '0');
    await new Promise<void>((resolve) => {
      socket.on('jobprogress', (job: Job) => {
        if (job.jobId === progress.jobId && job.jobStatus >= 20) resolve();
      });
    });
    socket.disconnect();

    log();
    log('Resultado (tarefas)');
    log(
      `  rajada                   ${counts!.done}/${JOBS} concluídas em ${(burstMs / 1000).toFixed(2)} s (enfileiradas em ${(queuedMs / 1000).toFixed(2)} s)`,
    );
    latencies.sort((a, b) => a - b);
    log(
      `  jobprogress -> cliente   p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, máx ${Math.max(...latencies).toFixed(1)} ms (${latencies.length} mensagens)`,
    );
    const ok = counts!.done === JOBS && burstMs <= TARGET_BURST_S * 1000 && percentile(latencies, 95) <= TARGET_P95_MS;
    log(`  meta (rajada ≤ ${TARGET_BURST_S} s e p95 ≤ ${TARGET_P95_MS} ms): ${ok ? 'atingida' : 'NÃO atingida'}`);
  } finally {
    await app.close().catch(() => {});
    await pool.end().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.stop().catch(() => {});
  }
}

runBench(import.meta.url, main);
