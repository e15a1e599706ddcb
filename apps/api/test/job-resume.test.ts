import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signedInAs, type TestContext } from './helper.js';
import { bundleWorker, killWorker, nextMessage, workerProcesses } from './worker-process.js';
import { RESUME_CHUNK, RESUME_ROWS, RESUME_TABLES } from './fixtures/resume-command.js';

// Issue 23 §1: a job killed with SIGKILL at a random chunk resumes after its last committed chunk, 20 times out of 20.
// The worker bundled once: a process starts several times faster than through tsx, and this test starts 21.
let workerFile: string;
const CHUNKS = RESUME_ROWS / RESUME_CHUNK;
const REPETITIONS = 20;
let ctx: TestContext;
let userId: number;
const workers = workerProcesses();

beforeAll(async () => {
  workerFile = await bundleWorker('resume-worker');
  ctx = await createTestApp();
  await ctx.pool.query(RESUME_TABLES);
  userId = (await signedInAs(ctx, ['v2access', 'v2atd'])).user.userId;
});
afterAll(async () => {
  workers.killAll();
  await ctx.close();
});

/** A worker process, resolved once it says 'ready' (forked ahead of need: starting one costs more than a run). */
const startWorker = () => workers.start(workerFile, { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.DATA_DIR });

async function newJob() {
  const jobId = crypto.randomUUID();
  await ctx.pool.query(
    `insert into jobs (job_id, job_name, job_description, job_status, user_id) values ($1, 'teste-retomada', 'Teste de retomada', 10, $2)`,
    [jobId, userId],
  );
  return jobId;
}

async function runToEnd(worker: ChildProcess, jobId: string, attempt: number) {
  const done = nextMessage(worker);
  worker.send({ jobId, attempt });
  expect(await done).toEqual({ done: jobId });
}

async function outcome(jobId: string) {
  const job = await ctx.pool.query<{ status: number; current: number; result: string }>(
    'select job_status as status, job_current as current, job_result as result from jobs where job_id = $1',
    [jobId],
  );
  const rows = await ctx.pool.query<{ k: number; v: string }>('select k, v from resume_out where job_id = $1 order by k, v', [jobId]);
  const distinct = await ctx.pool.query<{ n: number }>('select count(distinct k)::int as n from resume_out where job_id = $1', [jobId]);
  const checkpoints = await ctx.pool.query<{ n: number }>('select count(*)::int as n from job_chunks where job_id = $1', [jobId]);
  return { job: job.rows[0], rows: rows.rows, distinctKeys: distinct.rows[0]!.n, checkpoints: checkpoints.rows[0]!.n };
}

it(`a worker killed (SIGKILL) at a random chunk is resumed by a new worker: the rows equal an uninterrupted run's, ${REPETITIONS} times`, async () => {
  const resumer = await startWorker();
  // Two victims forked ahead, so a repetition rarely waits for a process to start.
  const spares = [startWorker(), startWorker()];

  // The reference: one uninterrupted run.
  const reference = await newJob();
  await runToEnd(resumer, reference, 0);
  const expected = await outcome(reference);
  expect(expected.job).toMatchObject({ status: 30, current: RESUME_ROWS });
  expect(expected.rows).toHaveLength(RESUME_ROWS);
  expect(expected.distinctKeys).toBe(RESUME_ROWS);
  expect(expected.checkpoints).toBe(0);

  const seen: string[] = [];
  for (let i = 0; i < REPETITIONS; i++) {
    const victim = await spares.shift()!;
    if (i + spares.length + 1 < REPETITIONS) spares.push(startWorker());
    const jobId = await newJob();
    const stopAt = { chunk: 1 + crypto.randomInt(CHUNKS), phase: crypto.randomInt(2) === 0 ? ('start' as const) : ('written' as const) };
    seen.push(`${stopAt.chunk}/${stopAt.phase}`);
    const stopped = nextMessage(victim);
    victim.send({ jobId, attempt: 0, stopAt });
    expect(await stopped).toBe('stopped');
    await killWorker(victim);

    // Killed: the chunks before the stop are committed with their checkpoints, the cut one left nothing.
    const cut = await outcome(jobId);
    expect(cut.job!.status, seen.join(' ')).toBe(0);
    expect(cut.checkpoints).toBe(stopAt.chunk - 1);
    expect(cut.rows).toHaveLength((stopAt.chunk - 1) * RESUME_CHUNK);

    // A new worker resumes the job as pg-boss's retry would.
    await runToEnd(resumer, jobId, 1);
    const resumed = await outcome(jobId);
    expect(resumed.rows, seen.join(' ')).toEqual(expected.rows);
    expect(resumed.distinctKeys).toBe(RESUME_ROWS);
    expect(resumed.job).toEqual(expected.job);
    expect(resumed.checkpoints).toBe(0);
  }
  resumer.kill('SIGTERM');
}, 300_000);
