import { jobsContracts } from '@assoc/domain';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from './helper.js';
import { crashTestCommand } from './fixtures/crash-command.js';
import { ATTACHMENT } from '../src/modules/jobs/jobs.repository.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let ctx: TestContext;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // This instance only queues; the workers are child processes on the same database.
  ctx = await createTestApp({ JOBS_WORKER: 'false', JOBS_SUPERVISE_SECONDS: 1, JOBS_HEARTBEAT_SECONDS: 10 }, { features: { jobs: true } });
  ctx.app.jobs.registry.register(crashTestCommand);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await ctx.close();
});

function startWorker(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'fixtures/job-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.DATA_DIR },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve(child) : reject(new Error(String(m)))));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

async function jobRow(jobId: string) {
  const { rows } = await ctx.pool.query(
    `select job_status as "jobStatus", job_current as "jobCurrent", job_result as "jobResult", ${ATTACHMENT} as "jobAttachments" from jobs where job_id = $1`,
    [jobId],
  );
  return rows[0] as Pick<Job, 'jobStatus' | 'jobCurrent' | 'jobResult' | 'jobAttachments'>;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a job whose worker process is killed mid-job is retried after restart and ends done, never left running', async () => {
  const first = await startWorker();
  const { client } = await signedInAs(ctx, ['v2access', 'v2atd']);
  const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'teste-queda', userData: 0 } });
  expect(res.status).toBe(200);
  const { jobId } = res.body;

  await until(
    () => jobRow(jobId),
    (j) => j.jobStatus === 0 && j.jobCurrent >= 3,
    15_000,
  );
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));
  const orphan = await jobRow(jobId);
  expect(orphan.jobStatus).toBe(0);
  expect(orphan.jobCurrent).toBeLessThan(20);

  // Restart: the heartbeat lapses, pg-boss retries the job, the new worker runs it from the start.
  const second = await startWorker();
  const finished = await until(
    () => jobRow(jobId),
    (j) => j.jobStatus >= 20,
    45_000,
  );
  expect(finished).toMatchObject({ jobStatus: 30, jobCurrent: 20 });
  expect(finished.jobResult).toMatch(/^concluída na tentativa [23]$/);

  // Idempotent: one attachment, one stored file, whatever number of attempts.
  const { rows: files } = await ctx.pool.query('select id from files');
  expect(files).toHaveLength(1);
  expect(finished.jobAttachments).toBe(`${files[0].id};resultado.txt`);
  second.kill('SIGTERM');
}, 90_000);
