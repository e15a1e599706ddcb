import { jobsContracts } from '@assoc/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from './helper.js';
import { within } from './barriers.js';
import { crashTestCommand } from './fixtures/crash-command.js';
import { bundleWorker, killWorker, nextMessage, workerProcesses } from './worker-process.js';
import { ATTACHMENT } from '../src/modules/jobs/jobs.repository.js';

let ctx: TestContext;
let workerFile: string;
const workers = workerProcesses();

beforeAll(async () => {
  workerFile = await bundleWorker('job-worker');
  // This instance only queues; the workers are child processes on the same database.
  ctx = await createTestApp({ JOBS_WORKER: 'false', JOBS_SUPERVISE_SECONDS: 1, JOBS_HEARTBEAT_SECONDS: 10 }, { features: { jobs: true } });
  ctx.app.jobs.registry.register(crashTestCommand);
});
afterAll(async () => {
  workers.killAll();
  await ctx.close();
});

const startWorker = () => workers.start(workerFile, { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.config.DATA_DIR });

/** The worker's next change of a job's row that `accept` takes (the fixture forwards its engine's `jobprogress` events). */
const jobChange = (worker: Awaited<ReturnType<typeof startWorker>>, accept: (job: Job) => boolean) =>
  nextMessage<{ job?: Job }>(worker, (m) => m.job !== undefined && accept(m.job)).then((m) => m.job!);

async function jobRow(jobId: string) {
  const { rows } = await ctx.pool.query(
    `select job_status as "jobStatus", job_current as "jobCurrent", job_result as "jobResult", ${ATTACHMENT} as "jobAttachments" from jobs where job_id = $1`,
    [jobId],
  );
  return rows[0] as Pick<Job, 'jobStatus' | 'jobCurrent' | 'jobResult' | 'jobAttachments'>;
}

it('a job whose worker process is killed mid-job is retried after restart and ends done, never left running', async () => {
  const first = await startWorker();
  const { client } = await signedInAs(ctx, ['v2access', 'v2atd']);
  // Subscribed before the job is queued (its id is not known yet: it is the only job of this database).
  const midJob = jobChange(first, (j) => j.jobStatus === 0 && j.jobCurrent >= 3);
  const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'teste-queda', userData: 0 } });
  expect(res.status).toBe(200);
  const { jobId } = res.body;

  expect((await within(midJob, 15_000, 'the first worker did not reach step 3')).jobId).toBe(jobId);
  await killWorker(first);
  const orphan = await jobRow(jobId);
  expect(orphan.jobStatus).toBe(0);
  expect(orphan.jobCurrent).toBeLessThan(20);

  // Restart: the heartbeat lapses, pg-boss retries the job, the new worker runs it from the start.
  const second = await startWorker();
  await within(
    jobChange(second, (j) => j.jobId === jobId && j.jobStatus >= 20),
    45_000,
    'the retried job did not end',
  );
  const finished = await jobRow(jobId);
  expect(finished).toMatchObject({ jobStatus: 30, jobCurrent: 20 });
  expect(finished.jobResult).toMatch(/^concluída na tentativa [23]$/);

  // Idempotent: one attachment, one stored file, whatever number of attempts.
  const { rows: files } = await ctx.pool.query('select id from files');
  expect(files).toHaveLength(1);
  expect(finished.jobAttachments).toBe(`${files[0].id};resultado.txt`);
  second.kill('SIGTERM');
}, 90_000);
