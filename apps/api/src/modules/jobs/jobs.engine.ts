import crypto from 'node:crypto';
import type pg from 'pg';
import { createDb, createPool, type Db, type Executor } from '../../db/client.js';
import { PgBoss, type Job as BossJob } from 'pg-boss';
import { sql } from 'drizzle-orm';
import { genericMessages, jobNameOf, jobTexts } from '@assoc/domain';
import { AppError, conflict } from '../../lib/errors.js';
import type { AppEventBus } from '../../plugins/app/events.js';
import type { FileService } from '../files/files.service.js';
import { createJobsRepository, toJob, type JobRow } from './jobs.repository.js';
import type { JobRegistry } from './jobs.registry.js';
import { dropCheckpoints } from './jobs.chunks.js';
import { JobFailure, type JobContext, type RegisteredCommand, type ScheduleDefinition } from './jobs.types.js';
import { jobFilesRule } from './jobs.service.js';

/** The one pg-boss queue of the menu's jobs; the handler is chosen by the job's name. */
export const JOB_QUEUE = 'app-jobs';
/** The queue of the modules' recurring work: one pg-boss schedule per task (key = its name), run by one instance. */
export const SCHEDULE_QUEUE = 'app-schedules';
/** Class id of the exclusive jobs' advisory locks (two-key form, apart from the one-key locks the app takes). */
const EXCLUSIVE_LOCK_CLASS = 23;
export const PGBOSS_SCHEMA = 'pgboss';
const PROGRESS_EVERY_MS = 250;

export interface JobEngineOptions {
  pool: pg.Pool;
  /** The app's Drizzle handle on `pool` (handlers get one on the jobs' own pool when this process works the queue). */
  db: Db;
  files: FileService;
  events: Pick<AppEventBus, 'emit'>;
  registry: JobRegistry;
  /** Run jobs in this process (false: only queue them). */
  worker: boolean;
  concurrency: number;
  heartbeatSeconds: number;
  superviseSeconds: number;
  retryLimit: number;
  /** The modules' recurring work (`defineSchedule`), scheduled through pg-boss when the engine starts. */
  schedules?: readonly ScheduleDefinition[];
  /** statement_timeout of the jobs' own connections (pg-boss and the handlers' pool): longer than the app's. */
  statementTimeoutMs?: number;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

interface QueueData {
  jobId: string;
}

interface ScheduleData {
  name: string;
}

/**
 * Background jobs on pg-boss (same database, schema `pgboss`), with their visible state in our `jobs` table
 * (pg-boss has no progress API). Crash safety: the queue has a heartbeat, so a job whose process died is
 * failed by pg-boss's supervisor and retried (retryLimit), and a supervisor of ours ends as failed (20) any
 * open job pg-boss no longer runs. A job is never left running forever. A retried job working through
 * `forEachChunk` resumes after its last committed chunk (jobs.chunks.ts); an exclusive one holds its advisory lock
 * for the whole run; the modules' recurring work is sent by pg-boss schedules on SCHEDULE_QUEUE.
 */
export class JobEngine {
  readonly repo;
  readonly registry: JobRegistry;
  private boss: PgBoss | null = null;
  /** The handlers' pool: the app's pool bounds statements to DB_STATEMENT_TIMEOUT_MS, too short for a report. */
  private jobPool: pg.Pool | null = null;
  private jobDb: Db | null = null;
  private superviseTimer: NodeJS.Timeout | null = null;
  private supervising: Promise<void> | null = null;

  constructor(private readonly opts: JobEngineOptions) {
    this.repo = createJobsRepository();
    this.registry = opts.registry;
    // The file service asks this rule who may read a job's attachment (owner kind 'job').
    opts.files.ownerRule('job', jobFilesRule(this, opts.db));
  }

  async start() {
    const connectionString = (this.opts.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const boss = new PgBoss({
      connectionString,
      schema: PGBOSS_SCHEMA,
      max: Math.max(2, Math.min(this.opts.concurrency + 1, 8)),
      superviseIntervalSeconds: this.opts.superviseSeconds,
      monitorIntervalSeconds: this.opts.superviseSeconds,
      application_name: 'assoc-jobs',
      ...(this.opts.statementTimeoutMs ? { options: `-c statement_timeout=${this.opts.statementTimeoutMs}` } : {}),
      // New jobs wake idle workers at once instead of at the next poll.
      useListenNotify: true,
    });
    boss.on('error', (error) => this.opts.log?.error(error, 'pg-boss'));
    await boss.start();
    const queueOptions = {
      heartbeatSeconds: this.opts.heartbeatSeconds,
      retryLimit: this.opts.retryLimit,
      retryDelay: 1,
      // A job runs at most 4 hours; the heartbeat catches dead workers long before.
      expireInSeconds: 4 * 60 * 60,
      notify: true,
    };
    await boss.createQueue(JOB_QUEUE, queueOptions);
    await boss.updateQueue(JOB_QUEUE, queueOptions);
    await this.startSchedules(boss);
    this.boss = boss;
    if (this.opts.worker) {
      this.jobPool = createPool(connectionString, Math.max(2, this.opts.concurrency), {
        statementTimeoutMs: this.opts.statementTimeoutMs,
        log: (message) => this.opts.log?.warn({}, message),
      });
      this.jobDb = createDb(this.jobPool);
      // Two pollers, each running its batch in parallel: `concurrency` jobs at once. A full batch fetches
      // again at once (a burst drains without waiting for the poll); each job settles on its own.
      const workers = Math.min(2, this.opts.concurrency);
      await boss.work<QueueData>(
        JOB_QUEUE,
        {
          batchSize: Math.ceil(this.opts.concurrency / workers),
          localConcurrency: workers,
          pollingIntervalSeconds: 0.5,
          // NOTIFY wakes workers for new jobs; retries (delayed, no NOTIFY) are found by this poll.
          notifyPollingIntervalSeconds: 1,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (batch) =>
          Promise.all(
            batch.map(async (job) => {
              try {
                await this.run(job);
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
              }
            }),
          ),
      );
      await boss.work<ScheduleData>(SCHEDULE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
        if (job) await this.runSchedule(job.data.name);
      });
    }
    // Kept as a timer (not a pg-boss schedule): it settles the jobs of this engine's view every few seconds (cron's
    // step is a minute), and it is idempotent (each update is conditional on the job still being open).
    this.superviseTimer = setInterval(() => {
      void this.supervise();
    }, this.opts.superviseSeconds * 1000);
    this.superviseTimer.unref();
    await this.supervise();
  }

  async stop() {
    if (this.superviseTimer) clearInterval(this.superviseTimer);
    this.superviseTimer = null;
    await this.supervising?.catch(() => {});
    const boss = this.boss;
    this.boss = null;
    // Not graceful beyond a short wait: an interrupted job is retried by the next process.
    await boss?.stop({ graceful: true, timeout: 2000 }).catch(() => {});
    const jobPool = this.jobPool;
    this.jobPool = null;
    this.jobDb = null;
    await jobPool?.end().catch(() => {});
  }

  /**
   * Declares the modules' recurring work as pg-boss schedules (upserted by key; every instance may do it, pg-boss
   * sends each occurrence once) and drops the schedules of tasks that no longer exist.
   */
  private async startSchedules(boss: PgBoss) {
    // An occurrence that fails is simply run again at the next one.
    await boss.createQueue(SCHEDULE_QUEUE, { retryLimit: 0, expireInSeconds: 60 * 60 });
    const schedules = this.opts.schedules ?? [];
    for (const task of schedules)
      await boss.schedule(SCHEDULE_QUEUE, task.cron, { name: task.name } satisfies ScheduleData, {
        key: task.name,
        // Clean-ups read the current state: the occurrences missed while no instance ran make one run, not none.
        missed: 'once',
      });
    for (const old of await boss.getSchedules(SCHEDULE_QUEUE))
      if (!schedules.some((t) => t.name === old.key)) await boss.unschedule(SCHEDULE_QUEUE, old.key);
  }

  /** The schedules pg-boss holds (tests and operations). */
  async schedules() {
    return this.started.getSchedules(SCHEDULE_QUEUE);
  }

  /** Queues one occurrence of a recurring task now, as its schedule would (tests and operations). */
  async triggerSchedule(name: string) {
    await this.started.send(SCHEDULE_QUEUE, { name } satisfies ScheduleData);
  }

  /** Runs one occurrence of a recurring task; a failure is logged and waits for the next occurrence. */
  async runSchedule(name: string) {
    const task = this.opts.schedules?.find((t) => t.name === name);
    if (!task) {
      this.opts.log?.warn({ schedule: name }, 'unknown schedule');
      return;
    }
    try {
      await task.run();
    } catch (error) {
      this.opts.log?.warn({ err: { message: (error as Error).message }, schedule: name }, 'schedule failed');
    }
  }

  private get started(): PgBoss {
    if (!this.boss) throw new AppError('unavailable', genericMessages.jobsUnavailable);
    return this.boss;
  }

  /**
   * Queues a job for a user: our row and the pg-boss job in one transaction, after checking (under a lock
   * on the name) that no same-named job is waiting or running unless the command allows duplicates.
   */
  /**
   * Queues a job. `prepare` (a screen's own call) runs first in the same transaction with the new job's id and answers
   * the payload: the caller's rows (a posting batch) and the job commit or roll back together.
   */
  async enqueue(
    command: RegisteredCommand,
    userId: number,
    userData: string,
    prepare?: (tx: Executor, jobId: string) => Promise<string>,
  ): Promise<JobRow> {
    const boss = this.started;
    const jobName = jobNameOf(command);
    const client = await this.opts.pool.connect();
    let row: JobRow;
    try {
      // Our row through Drizzle and pg-boss's job through its raw `executeSql`, both on this one connection's transaction.
      row = await createDb(client).transaction(async (tx) => {
        if (!command.allowDuplicates) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job:${jobName}`}))`);
          if (await this.repo.findOpenByName(tx, jobName)) throw conflict(jobTexts.alreadyRunning(command.label));
        }
        const jobId = crypto.randomUUID();
        const inserted = await this.repo.insert(tx, {
          jobId,
          jobName,
          jobDescription: command.label,
          jobSubtitle: jobTexts.queued,
          userId,
          userData: prepare ? await prepare(tx, jobId) : userData,
        });
        await boss.send(JOB_QUEUE, { jobId } satisfies QueueData, {
          id: jobId,
          db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) },
        });
        return inserted;
      });
    } finally {
      client.release();
    }
    this.opts.events.emit('jobprogress', userId, toJob(row));
    return row;
  }

  private emit(row: JobRow | null) {
    if (row) this.opts.events.emit('jobprogress', row.userId, toJob(row));
  }

  /** Runs one attempt of a job. Finished jobs are skipped, so a duplicate delivery does nothing. */
  async run(job: Pick<BossJob<QueueData>, 'data' | 'retryCount' | 'signal'>) {
    const { jobId } = job.data;
    const attempt = job.retryCount;
    // Only an open job starts (again): a finished or deleted one is left alone.
    const row = await this.repo.markRunning(this.opts.db, jobId, attempt > 0 ? `Nova tentativa (${attempt + 1}ª)` : 'Em execução');
    if (!row) return;
    this.emit(row);
    const command = this.registry.byJobName(row.jobName);
    if (!command?.handler) {
      this.emit(await this.repo.finish(this.opts.db, jobId, 20, jobTexts.failedStatus, jobTexts.notImplemented(row.jobDescription)));
      return;
    }

    let last = 0;
    const ctx: JobContext = {
      jobId,
      userId: row.userId,
      userData: row.userData,
      plan: command.plan,
      attempt,
      signal: job.signal,
      db: this.jobDb ?? this.opts.db,
      files: this.opts.files,
      progress: async (current, total, subtitle) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && current < total) return;
        last = now;
        this.emit(await this.repo.progress(this.opts.db, jobId, current, total, subtitle ?? null));
      },
      attach: async (file) => {
        // The type is sniffed from the bytes; the handler's mimeType is only what it meant to write.
        const stored = await this.opts.files.save({ name: file.name, data: file.data, createdBy: row.userId, maxBytes: Number.MAX_SAFE_INTEGER });
        await this.opts.files.attach('job', jobId, stored.id, { replace: true });
      },
    };

    let lock: pg.PoolClient | null = null;
    try {
      if (command.lockKey) lock = await this.exclusiveLock(jobId, command.lockKey, job.signal, row.jobSubtitle);
      const outcome = await command.handler(ctx);
      this.emit(await this.repo.finish(this.opts.db, jobId, 30, outcome?.subtitle ?? jobTexts.doneStatus, outcome?.result ?? ''));
      await this.forget(jobId);
    } catch (error) {
      const message =
        error instanceof JobFailure || error instanceof AppError
          ? error.message
          : `Erro para processar: ${(error as Error).message ?? String(error)}`.slice(0, 500);
      if (!(error instanceof JobFailure) && attempt < this.opts.retryLimit) {
        this.opts.log?.warn({ err: error, jobId, attempt }, 'job attempt failed; pg-boss retries it');
        this.emit(await this.repo.waiting(this.opts.db, jobId, jobTexts.waitingRetry, message));
        throw error;
      }
      this.opts.log?.error({ err: error, jobId, attempt }, 'job failed');
      this.emit(await this.repo.finish(this.opts.db, jobId, 20, jobTexts.failedStatus, message));
      await this.forget(jobId);
    } finally {
      if (lock) await this.unlock(lock, command.lockKey!);
    }
  }

  /**
   * Takes the exclusive job's session advisory lock on a connection of its own, held until the job ends (a dead
   * process's session, and so its lock, ends with it). A second job with the same lock WAITS (shown as such in its
   * subtitle) rather than failing: it is queued work the user asked for, and runs once the first ends.
   */
  private async exclusiveLock(jobId: string, key: string, signal: AbortSignal, subtitle: string): Promise<pg.PoolClient> {
    const client = await (this.jobPool ?? this.opts.pool).connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [EXCLUSIVE_LOCK_CLASS, key]);
      if (!rows[0]!.ok) {
        this.emit(await this.repo.progress(this.opts.db, jobId, 0, 0, jobTexts.waitingExclusive));
        // Stopping the worker ends the wait (the wait is cancelled; the attempt is retried later).
        const { rows: pid } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        const abort = () => void this.opts.pool.query('select pg_cancel_backend($1)', [pid[0]!.pid]).catch(() => {});
        signal.addEventListener('abort', abort, { once: true });
        try {
          await client.query('set statement_timeout = 0');
          await client.query('select pg_advisory_lock($1, hashtext($2))', [EXCLUSIVE_LOCK_CLASS, key]);
          await client.query('reset statement_timeout');
        } finally {
          signal.removeEventListener('abort', abort);
        }
        this.emit(await this.repo.progress(this.opts.db, jobId, 0, 0, subtitle));
      }
      return client;
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  private async unlock(client: pg.PoolClient, key: string) {
    try {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [EXCLUSIVE_LOCK_CLASS, key]);
      client.release();
    } catch {
      client.release(true);
    }
  }

  /** A finished job's checkpoints are no longer needed (a failed job is started anew, not resumed). */
  private async forget(jobId: string) {
    await dropCheckpoints(this.jobDb ?? this.opts.db, jobId).catch((error) =>
      this.opts.log?.warn({ err: error, jobId }, 'job checkpoints not dropped'),
    );
  }

  /**
   * Settles open jobs pg-boss no longer runs: failed or gone (a dead worker after its last retry) -> 20 with
   * a clear result; waiting for a retry after a crash -> 10. Runs at start and every superviseSeconds.
   */
  supervise(): Promise<void> {
    if (this.supervising) return this.supervising;
    this.supervising = (async () => {
      const boss = this.boss;
      if (!boss) return;
      for (const row of await this.repo.listOpen(this.opts.db)) {
        const [bossJob] = await boss.findJobs(JOB_QUEUE, { id: row.jobId });
        const state = bossJob?.state;
        if (state === 'created' || state === 'active') continue;
        if (state === 'retry') {
          if (row.jobStatus === 0) this.emit(await this.repo.waiting(this.opts.db, row.jobId, jobTexts.waitingRetry, ''));
          continue;
        }
        // failed, cancelled, completed without our final write, or deleted.
        this.emit(await this.repo.finish(this.opts.db, row.jobId, 20, jobTexts.failedStatus, jobTexts.interrupted));
        await this.forget(row.jobId);
      }
    })()
      .catch((error) => this.opts.log?.error(error, 'job supervisor'))
      .finally(() => {
        this.supervising = null;
      });
    return this.supervising;
  }
}
