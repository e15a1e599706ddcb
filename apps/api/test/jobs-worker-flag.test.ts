import { jobsContracts, type Job } from '@assoc/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ATTACHMENT } from '../src/modules/jobs/jobs.repository.js';
import { jobEnded } from './barriers.js';
import { call, createTestApp, signedInAs, type TestContext } from './helper.js';

// Issue 10 §7: with several instances, JOBS_WORKER=false ones queue jobs (HTTP) but never run them.
// A real command of the menu: a worker instance starts fetching jobs before a test could register one of its own.
let http: TestContext;
let worker: TestContext | undefined;

beforeAll(async () => {
  http = await createTestApp({ JOBS_WORKER: 'false' }, { features: { jobs: true } });
});
afterAll(async () => {
  await worker?.close();
  await http.close();
});

async function jobRow(jobId: string) {
  const { rows } = await http.pool.query<{ status: number; attachments: string | null }>(
    `select job_status as status, ${ATTACHMENT} as attachments from jobs where job_id = $1`,
    [jobId],
  );
  return rows[0]!;
}

it('a JOBS_WORKER=false instance queues a job but leaves it to an instance with a worker', async () => {
  const { client } = await signedInAs(http, ['v2access', 'v2atd']);
  // Whatever this instance does to a job it says on its event bus: past queueing it, nothing about this one.
  const seenByHttp: Job[] = [];
  const stop = http.app.events.subscribe((e) => {
    if (e.name === 'jobprogress') seenByHttp.push(e.payload as Job);
  });
  const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: 'contagem-excel', userData: 0 } });
  expect(res.status).toBe(200);
  const { jobId, jobStatus } = res.body;
  expect(jobStatus).toBe(10);

  // A worker would take it within a second (NOTIFY, 0.5 s poll); this instance has none. No pause to prove it: the
  // job stays queued until the worker instance below starts, and in the end only that instance touched it.
  expect((await jobRow(jobId)).status).toBe(10);
  const created = await http.pool.query<{ state: string }>(`select state from pgboss.job where name = 'app-jobs'`);
  expect(created.rows.map((r) => r.state)).toEqual(['created']);

  // A second instance on the same database, with the worker, runs it to the end.
  worker = await createTestApp({ JOBS_WORKER: 'true' }, { database: http.database, features: { jobs: true } });
  await jobEnded([worker.app], jobId, async () => ({ jobStatus: (await jobRow(jobId)).status }), 15_000);
  const done = await jobRow(jobId);
  expect(done.status).toBe(30);
  expect(done.attachments).toMatch(/\.xlsx$/);
  stop();
  // It announced the queued job (its own send), never a run of it.
  expect(seenByHttp.filter((j) => j.jobId === jobId).map((j) => [j.jobStatus, j.jobCurrent])).toEqual([[10, 0]]);
});
