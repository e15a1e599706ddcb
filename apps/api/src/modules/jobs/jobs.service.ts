import { hasRole, jobTexts, type Job } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { AppEventBus } from '../../plugins/app/events.js';
import type { SessionUser } from '../auth/session.js';
import type { FileService, OwnerReadRule, StoredFile } from '../files/files.service.js';
import type { JobEngine } from './jobs.engine.js';
import { toJob } from './jobs.repository.js';
import type { RegisteredCommand } from './jobs.types.js';

export interface Download {
  file: StoredFile;
  /** PDFs open in the browser; other files download. */
  inline: boolean;
}

/**
 * Who may read a job's files (owner kind 'job' of the file service): the job's owner while they still hold
 * the command's role (roles are read per request, so a user demoted after an export loses its file).
 * A superadmin reads every job's files.
 */
export function mayReadJob(engine: Pick<JobEngine, 'registry'>, user: SessionUser, job: { userId: number; jobName: string }) {
  if (hasRole(user.roles, ['superadmin'])) return true;
  const command = engine.registry.byJobName(job.jobName);
  return job.userId === user.userId && command !== undefined && hasRole(user.roles, [command.role]);
}

/** The rule the jobs plugin registers with the file service for owner kind 'job'. */
export function jobFilesRule(engine: Pick<JobEngine, 'registry' | 'repo'>, db: Executor): OwnerReadRule {
  return async (user, jobId) => {
    const job = await engine.repo.get(db, jobId);
    return job !== null && mayReadJob(engine, user, job);
  };
}

export function createJobsService(deps: { db: Db; engine: JobEngine; files: FileService; events: Pick<AppEventBus, 'emit'> }) {
  const { db, engine, files } = deps;
  const repo = engine.repo;

  /** Who may read it is decided by the file service (issue 10 §4), through the links of the file. */
  async function download(user: SessionUser, fileId: string): Promise<Download> {
    const file = await files.readable(user, fileId);
    return { file, inline: file.mimeType === 'application/pdf' };
  }

  async function queue(
    user: SessionUser,
    command: RegisteredCommand,
    userData: string,
    prepare?: (tx: Executor, jobId: string) => Promise<string>,
  ): Promise<Job> {
    if (!hasRole(user.roles, [command.role])) throw forbidden();
    if (!command.handler) throw new AppError('notImplemented', jobTexts.notImplemented(command.label));
    const data = command.plan ? String(command.plan) : userData;
    // The payload is parsed before anything is queued: a bad one answers 400 with its field's message.
    const checked = command.check?.(data);
    if (checked && !checked.ok) throw badRequest(checked.message);
    // A prepared payload is checked too, inside the transaction (a bad one rolls the caller's rows back).
    const checkedPrepare =
      prepare &&
      (async (tx: Executor, jobId: string) => {
        const prepared = await prepare(tx, jobId);
        const result = command.check?.(prepared);
        if (result && !result.ok) throw badRequest(result.message);
        return prepared;
      });
    return toJob(await engine.enqueue(command, user.userId, data, checkedPrepare));
  }

  return {
    /** GET jobs/send: a registered command the user may run, implemented, with a valid payload, and not already open (unless duplicates are allowed). */
    async send(user: SessionUser, commandName: string, userData: string): Promise<Job> {
      const command = engine.registry.find(commandName, userData);
      // A screen's job starts only through that screen's call, which checks what the screen asks first.
      if (!command || command.screen) throw notFound(jobTexts.unknownCommand);
      return queue(user, command, userData);
    },

    /**
     * A screen's own call starting its job (`screen: true` in jobCommands) after its checks, in the caller's name:
     * the same role check, payload check and duplicate refusal (409) as `send`.
     */
    async start(
      user: SessionUser,
      commandName: string,
      userData: string,
      /** Writes the caller's rows in the job's own transaction and answers the payload (the posting batch's id). */
      prepare?: (tx: Executor, jobId: string) => Promise<string>,
    ): Promise<Job> {
      const command = engine.registry.find(commandName, userData);
      if (!command) throw notFound(jobTexts.unknownCommand);
      return queue(user, command, userData, prepare);
    },

    async list(user: SessionUser): Promise<Job[]> {
      return (await repo.listForUser(db, user.userId)).map(toJob);
    },

    /** 'showoff': the job leaves the user's list; their other windows reload theirs. */
    async hide(user: SessionUser, jobId: string) {
      const row = await repo.hide(db, jobId, user.userId);
      if (!row) throw notFound(jobTexts.jobNotFound);
      deps.events.emit('reloadjobs', user.userId, {});
    },

    async downloadByJob(user: SessionUser, jobId: string): Promise<Download> {
      const row = await repo.get(db, jobId);
      if (!row) throw notFound(jobTexts.jobNotFound);
      // Another user's job answers like an unknown one (issue 28: ids cannot be probed); one's own without its role, 403.
      if (row.userId !== user.userId && !hasRole(user.roles, ['superadmin'])) throw notFound(jobTexts.jobNotFound);
      if (!mayReadJob(engine, user, row)) throw forbidden();
      const fileId = row.jobAttachments.split(';')[0];
      if (!fileId) throw notFound(jobTexts.fileNotFound);
      return download(user, fileId);
    },

    download,
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
