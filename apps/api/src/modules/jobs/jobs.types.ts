import type { JobCommand } from '@assoc/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { FileService } from '../files/files.service.js';

/** What a running job may do: report progress, attach its file, read the database. */
export interface JobContext {
  jobId: string;
  userId: number;
  /** The request's text as sent (`jobs/send/{command}/{userData}`); a defineJob handler reads `payload` instead. */
  userData: string;
  plan?: 21 | 22;
  /** 0 on the first attempt, then 1, 2… on retries. */
  attempt: number;
  /** Aborted when the worker stops or pg-boss takes the job away. */
  signal: AbortSignal;
  /** The jobs' own connections (a longer statement_timeout than the app's): handlers build their repository on it. */
  db: Db;
  files: FileService;
  /** Live progress (written at most every 250 ms, always at the end). */
  progress(current: number, total: number, subtitle?: string): Promise<void>;
  /** The job's attachment; replaces (and removes) the one of an earlier attempt, so retries never pile up files. */
  attach(file: { name: string; mimeType: string; data: Buffer }): Promise<void>;
}

export interface JobOutcome {
  subtitle?: string;
  result?: string;
}

/**
 * A handler must be idempotent: a retry after a crash runs it again, from the start or (with `forEachChunk`)
 * from its last committed chunk.
 */
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome | void>;

/** A business failure: the job ends failed (20) with this message, without retries. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** What checking a request's userData against a command's payload schema says (before anything is queued). */
export type PayloadCheck = { ok: true } | { ok: false; message: string };

/**
 * A command as the registry knows it: the menu's entry (label, role, question… from packages/domain
 * jobCommands, the one catalogue), plus what its module's `defineJob` adds once implemented.
 */
export interface RegisteredCommand extends JobCommand {
  handler?: JobHandler;
  /** Checks the userData before queueing (a 400 with the field's message); none: any text is accepted. */
  check?: (userData: string) => PayloadCheck;
  /** The advisory-lock key of an exclusive job: one job holding it runs at a time, across instances. */
  lockKey?: string;
}

/**
 * A feature's menu job (issue 23 §1): the command of a packages/domain jobCommands entry, the zod schema of its
 * payload (parsed from the request's userData text, the wire format the spec fixes), and its work.
 */
export interface JobSpec<P> {
  command: string;
  /** Parses the userData text; its message is the 400's message. */
  payload: z.ZodType<P, string>;
  /** Only one job with this lock runs at a time across instances (true: the command's own name). */
  exclusive?: boolean | string;
  run(ctx: JobContext & { payload: P }): Promise<JobOutcome | void>;
}

/** A defined job, as a module's `jobs` gives it (`defineJob`). */
export interface JobDefinition {
  kind: 'job';
  command: string;
  handler: JobHandler;
  check: (userData: string) => PayloadCheck;
  lockKey?: string;
}

/**
 * Recurring work of a module (pg-boss `schedule`: one instance runs each occurrence, whatever the number of
 * instances). `run` must also be callable directly (tests and `features.jobs=false` call the service function).
 */
export interface ScheduleDefinition {
  kind: 'schedule';
  /** Unique among schedules; the pg-boss schedule key. */
  name: string;
  /** A cron expression (minute granularity), in the server's time zone. */
  cron: string;
  run(): Promise<unknown>;
}

/** What a module's `jobs` gives: its menu jobs and its recurring work. */
export type BackgroundWork = JobDefinition | ScheduleDefinition;
