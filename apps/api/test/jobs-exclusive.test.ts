import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { jobTexts, type Job } from '@assoc/domain';
import { defineJob } from '../src/modules/jobs/jobs.define.js';
import { createTestApp, signedInAs, type TestContext } from './helper.js';

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
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
  const first = (await onA.get('/api/v1/jobs/send/teste-exclusiva-1/0')).json() as Job;
  await firstRunning;
  const second = (await onB.get('/api/v1/jobs/send/teste-exclusiva-2/0')).json() as Job;

  // Picked up by a worker and waiting on the lock, shown as such; its work has not started.
  expect(
    await until(
      () => jobRow(second.jobId),
      (j) => j.jobSubtitle === jobTexts.waitingExclusive,
    ),
  ).toEqual({
    jobStatus: 0,
    jobSubtitle: jobTexts.waitingExclusive,
  });
  expect(ran.map((r) => r.split('@')[0])).toEqual(['teste-exclusiva-1']);

  releaseFirst();
  expect(
    (
      await until(
        () => jobRow(first.jobId),
        (j) => j.jobStatus >= 20,
      )
    ).jobStatus,
  ).toBe(30);
  expect(
    (
      await until(
        () => jobRow(second.jobId),
        (j) => j.jobStatus >= 20,
      )
    ).jobStatus,
  ).toBe(30);
  expect(ran.map((r) => r.split('@')[0])).toEqual(['teste-exclusiva-1', 'teste-exclusiva-2']);
  expect(mostAtOnce).toBe(1);
}, 60_000);
