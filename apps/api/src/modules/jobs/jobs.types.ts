import type { JobCommand } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { FileService } from '../files/files.service.js';

/** What a running job may do: report progress, attach its file, read the database. */
export interface JobContext {
  jobId: string;
  userId: number;
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

/** A handler must be idempotent: a retry after a crash runs it again from the start. */
export type JobHandler = (ctx: JobContext) => Promise<JobOutcome | void>;

/** A business failure: the job ends failed (20) with this message, without retries. */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** A command as the registry knows it: the menu's entry, plus its handler once implemented. */
export interface RegisteredCommand extends JobCommand {
  handler?: JobHandler;
}
