import type { FastifyInstance } from 'fastify';
import type { Job } from '@assoc/domain';
import { createJobsRepository, toJob } from '../src/modules/jobs/jobs.repository.js';

/**
 * Event barriers for API tests (issue 23 §8): a test waits for what it expects to happen, never for a fixed time.
 * The timeout only turns a missing event into a clear failure; it is never the normal way out.
 */

/** Settles with `promise`, or fails with `what` after `timeoutMs` (a failure guard, not a wait). */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Until a job ends (status 20 or 30) on one of these in-process instances: each engine emits `jobprogress` on its
 * app's event bus with every change of the job's row. Subscribed before `current` is read, so an end between the
 * read and the subscription cannot be missed; `current` answers the job as it is now (already ended, or not yet) —
 * by default its row as the engine emits it, read through the first instance's database.
 */
export function jobEnded(apps: FastifyInstance | FastifyInstance[], jobId: string): Promise<Job>;
export function jobEnded<T extends Pick<Job, 'jobStatus'>>(
  apps: FastifyInstance | FastifyInstance[],
  jobId: string,
  current: () => Promise<T | undefined>,
  timeoutMs?: number,
): Promise<T>;
export async function jobEnded(
  apps: FastifyInstance | FastifyInstance[],
  jobId: string,
  current?: () => Promise<Pick<Job, 'jobStatus'> | undefined>,
  timeoutMs = 20_000,
): Promise<Pick<Job, 'jobStatus'>> {
  const instances = Array.isArray(apps) ? apps : [apps];
  const read = current ?? (async () => rowOf(instances[0]!, jobId));
  const unsubscribe: (() => void)[] = [];
  const ended = new Promise<void>((resolve) => {
    for (const app of instances) {
      unsubscribe.push(
        app.events.subscribe((event) => {
          if (event.name !== 'jobprogress') return;
          const job = event.payload as Job;
          if (job.jobId === jobId && job.jobStatus >= 20) resolve();
        }),
      );
    }
  });
  try {
    const now = await read();
    if (now && now.jobStatus >= 20) return now;
    await within(ended, timeoutMs, `job ${jobId} did not end (last seen ${JSON.stringify(now)})`);
    // The row as the caller reads it (the event carries the same job, but the caller's reader is what it asserts on).
    const after = await read();
    if (!after) throw new Error(`job ${jobId} vanished`);
    return after;
  } finally {
    for (const off of unsubscribe) off();
  }
}

const jobs = createJobsRepository();
const rowOf = async (app: FastifyInstance, jobId: string): Promise<Job | undefined> => {
  const row = await jobs.get(app.db, jobId);
  return row ? toJob(row) : undefined;
};
