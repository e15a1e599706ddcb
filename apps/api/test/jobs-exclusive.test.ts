import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { jobsContracts, jobTexts, type Job } from '@assoc/domain';
import { defineJob } from '../src/modules/jobs/jobs.define.js';
import { jobEnded, within } from './barriers.js';
import { call, createTestApp, signedInAs, type TestContext } from './helper.js';

// Issue 23 §1: jobs sharing an exclusive lock run one at a time across instances; the second waits (it is not refused).
let a: TestContext;
let b: TestContext;
const ran: string[] = [];
let running = 0;
let mostAtOnce = 0;
let releaseFirst: () => void = () => {};
const firstGate = new Promise<void>((resolve) => {
  releaseFirst = resolve;
});
let firstStarted: () => void = () => {};
const firstRunning = new Promise<void>((resolve) => {
  firstStarted = resolve;
});

/** Two commands of one lock (as a closing and a remittance would share one), registered on an instance. */
function registerOn(ctx: TestContext, instance: string) {
  for (const command of ['teste-exclusiva-1', 'teste-exclusiva-2']) {
    ctx.app.jobs.registry.register({
      label: command,
      question: '?',
      role: 'v2atd',
      ...defineJob({
        command,
        payload: z.string(),
        exclusive: 'teste:exclusiva',
        run: async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          ran.push(`${command}@${instance}`);
          if (command === 'teste-exclusiva-1') {
            firstStarted();
            await firstGate;
          }
          running -= 1;
        },
      }),
    });
  }
}

beforeAll(async () => {
  a = await createTestApp({}, { features: { jobs: true } });
  b = await createTestApp({}, { database: a.database, features: { jobs: true } });
  registerOn(a, 'A');
  registerOn(b, 'B');
});
const stops: (() => void)[] = [];
let secondId = '';
afterAll(async () => {
  for (const stop of stops) stop();
  await b?.close();
  await a?.close();
});

const jobRow = async (jobId: string) =>
  (
    await a.pool.query<Pick<Job, 'jobStatus' | 'jobSubtitle'>>(
      'select job_status as "jobStatus", job_subtitle as "jobSubtitle" from jobs where job_id = $1',
      [jobId],
    )
  ).rows[0]!;

it('runs a second job of the same exclusive lock only after the first ends, whichever instance picks it up', async () => {
  const { client: onA } = await signedInAs(a, ['v2access', 'v2atd']);
  const { client: onB } = await signedInAs(b, ['v2access', 'v2atd']);
  const first = (await call(onA, jobsContracts.sendWithData, { params: { jobCommand: 'teste-exclusiva-1', userData: 0 } })).body;
  await firstRunning;
  // Barrier: whichever instance picks the second job up says so on its event bus before it waits on the lock.
  const waiting = new Promise<void>((resolve) => {
    for (const ctx of [a, b])
      stops.push(
        ctx.app.events.subscribe((e) => {
          const job = e.payload as Job;
          if (e.name === 'jobprogress' && job.jobId === secondId && job.jobSubtitle === jobTexts.waitingExclusive) resolve();
        }),
      );
  });
  const second = (await call(onB, jobsContracts.sendWithData, { params: { jobCommand: 'teste-exclusiva-2', userData: 0 } })).body;
  secondId = second.jobId;
  if ((await jobRow(second.jobId)).jobSubtitle !== jobTexts.waitingExclusive) await within(waiting, 20_000, 'the second job was not shown waiting');

  // Picked up by a worker and waiting on the lock, shown as such; its work has not started.
  expect(await jobRow(second.jobId)).toEqual({
    jobStatus: 0,
    jobSubtitle: jobTexts.waitingExclusive,
  });
  expect(ran.map((r) => r.split('@')[0])).toEqual(['teste-exclusiva-1']);

  const firstEnded = jobEnded([a.app, b.app], first.jobId, () => jobRow(first.jobId));
  const secondEnded = jobEnded([a.app, b.app], second.jobId, () => jobRow(second.jobId));
  releaseFirst();
  expect((await firstEnded).jobStatus).toBe(30);
  expect((await secondEnded).jobStatus).toBe(30);
  expect(ran.map((r) => r.split('@')[0])).toEqual(['teste-exclusiva-1', 'teste-exclusiva-2']);
  expect(mostAtOnce).toBe(1);
}, 60_000);
