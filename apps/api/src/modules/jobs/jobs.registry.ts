import type pg from 'pg';
import { jobCommands, jobNameOf, type JobCommand } from '@assoc/domain';
import type { FileService } from '../files/files.service.js';
import { contagemExcel } from './jobs.contagem.js';

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
  pool: pg.Pool;
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

/**
 * The job commands of the menu (packages/domain jobCommands) with the handlers implemented so far.
 * The others are known (label, role, question) and answer 501 until the issue owning their data lands.
 */
export class JobRegistry {
  private readonly commands: RegisteredCommand[];

  constructor(handlers: Record<string, JobHandler> = {}) {
    this.commands = jobCommands.map((c) => ({ ...c, handler: handlers[c.command] }));
  }

  /** Adds a command (tests and benchmarks register trivial ones). */
  register(command: RegisteredCommand) {
    this.commands.push(command);
    return this;
  }

  /** The command (and its plan variant) a send asks for: userData 21/22 picks the plan, else the first variant. */
  find(command: string, userData = '0'): RegisteredCommand | undefined {
    const variants = this.commands.filter((c) => c.command === command);
    if (variants.length <= 1) return variants[0];
    return variants.find((c) => String(c.plan) === userData) ?? variants[0];
  }

  byJobName(jobName: string): RegisteredCommand | undefined {
    return this.commands.find((c) => jobNameOf(c) === jobName);
  }
}

export const createJobRegistry = () => new JobRegistry({ 'contagem-excel': contagemExcel });
