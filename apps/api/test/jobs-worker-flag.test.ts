import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '@assoc/domain';
import type { RegisteredCommand } from '../src/modules/jobs/jobs.registry.js';
import { createTestApp, signedInAs, type TestContext } from './helper.js';

// Issue 10 §7: with several instances, JOBS_WORKER=false ones queue jobs (HTTP) but never run them.
let http: TestContext;
let worker: TestContext | undefined;
const ranBy: string[] = [];

function command(instance: string): RegisteredCommand {
  return {
    command: 'teste-instancia', label: 'Teste de instância', question: '?', role: 'v2atd',
    handler: async () => {
      ranBy.push(instance);
      return { result: `executada por ${instance}` };
    },
  };
}

beforeAll(async () => {
  http = await createTestApp({ JOBS_WORKER: 'false' });
  http.app.jobs.registry.register(command('http'));
});
afterAll(async () => {
  await worker?.close();
  await http.close();
});

async function jobRow(jobId: string) {
  const { rows } = await http.pool.query<{ status: number; result: string | null }>(
    'select job_status as status, job_result as result from jobs where job_id = $1', [jobId]);
  return rows[0]!;
}

it('a JOBS_WORKER=false instance queues a job but leaves it to an instance with a worker', async () => {
  const { client } = await signedInAs(http, ['v2access', 'v2atd']);
  const res = await client.get('/api/v1/jobs/send/teste-instancia/0');
  expect(res.statusCode).toBe(200);
  const { jobId } = res.json() as Job;

  // A worker would take it within a second (NOTIFY, 0.5 s poll); this instance has none.
  await new Promise((r) => setTimeout(r, 2500));
  expect(ranBy).toEqual([]);
  expect((await jobRow(jobId)).status).toBeLessThan(20);
  const created = await http.pool.query<{ state: string }>(`select state from pgboss.job where name = 'app-jobs'`);
  expect(created.rows.map((r) => r.state)).toEqual(['created']);

  // A second instance on the same database, with the worker, runs it.
  worker = await createTestApp({ JOBS_WORKER: 'true' }, { database: http.database });
  worker.app.jobs.registry.register(command('worker'));
  const started = Date.now();
  while ((await jobRow(jobId)).status < 20) {
    if (Date.now() - started > 15_000) throw new Error('job not run by the worker instance');
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(ranBy).toEqual(['worker']);
  expect((await jobRow(jobId)).result).toBe('executada por worker');
});
