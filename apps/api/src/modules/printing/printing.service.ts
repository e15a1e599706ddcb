import type { Db } from '../../db/client.js';
import type { FastifyRequest } from 'fastify';
import { type PrintJob, type PrintJobStatus, type UserPreferences, hasRole } from '@assoc/domain';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { FileService } from '../files/files.service.js';
import { SNIFF_BYTES, filesTexts, sniffContentType } from '../files/files.sniff.js';
import { uploadTexts } from '../files/files.upload.js';
import { sendPrintJob } from './ipp.js';
import { PRINT_JOB_OWNER, type PrintingRepository } from './printing.repository.js';

export interface PrintingDeps {
  db: Db;
  repo: PrintingRepository;
  files: FileService;
  /** The configured IPP address of each printer ('' = jobs stay queued). */
  printerUrls: Record<1 | 2, string>;
  timeoutMs?: number;
}

/** Merges a `POST config` body into the saved preferences: a key set to null is removed. */
export function mergePreferences(saved: Record<string, unknown>, change: UserPreferences): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...saved };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * The request's one PDF, whole in memory (at most FILES_MAX_MB; it is posted to the printer anyway). Its type is
 * checked here before the file service sees it: the service's streaming refusal of a small file can surface as
 * an unhandled stream error (seen in tests), and a Buffer that already passed the check never takes that path.
 */
async function receivePdf(request: FastifyRequest, files: FileService, createdBy: number) {
  let name = 'documento.pdf';
  let data: Buffer;
  try {
    const part = await request.file();
    if (!part) throw badRequest(uploadTexts.noFile);
    name = part.filename || name;
    data = await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(files.maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(uploadTexts.noFile);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
  if (data.length > files.maxBytes) throw new AppError('payloadTooLarge', filesTexts.tooLarge(files.maxBytes));
  if (sniffContentType(data.subarray(0, SNIFF_BYTES), name) !== 'application/pdf') throw new AppError('unsupportedMediaType', filesTexts.typeRefused);
  const stored = await files.save({ name, data, createdBy, accept: ['application/pdf'] });
  return { stored, data };
}

/** The user's preferences and the server print queue (issue 11). */
export function createPrintingService(deps: PrintingDeps) {
  const { db, repo, files } = deps;
  const timeoutMs = deps.timeoutMs ?? 15_000;

  // A queued PDF is read by its sender and by superadmins (the queue's list).
  files.ownerRule(PRINT_JOB_OWNER, async (user, ownerId) => {
    if (hasRole(user.roles, 'superadmin')) return true;
    const job = await repo.job(db, Number(ownerId));
    return job?.userId === user.userId;
  });

  return {
    async preferences(userId: number): Promise<UserPreferences> {
      return ((await repo.preferencesOf(db, userId)) ?? {}) as UserPreferences;
    },

    /** `POST config`: merged into the saved ones in one transaction, one audit row when something changed. */
    async savePreferences(actor: Actor, change: UserPreferences) {
      await db.transaction(async (tx) => {
        const saved = await repo.preferencesOf(tx, actor.userId, true);
        const merged = mergePreferences(saved ?? {}, change);
        if (saved && JSON.stringify(saved) === JSON.stringify(merged)) return;
        await repo.savePreferences(tx, actor.userId, merged);
        await writeAudit(tx, {
          category: 'preferencias',
          entityId: actor.userId,
          action: saved ? 'update' : 'insert',
          user: actor,
          before: saved,
          after: merged,
        });
      });
    },

    /**
     * `POST impressao`: the PDF into the file store, the job (queued) with its file link and audit in one
     * transaction, then, when the printer has an address, the IPP Print-Job and its result.
     */
    async enqueue(
      request: FastifyRequest,
      actor: Actor,
      opts: { printer: 1 | 2; start?: number; end?: number },
    ): Promise<{ id: number; status: PrintJobStatus }> {
      const { stored, data } = await receivePdf(request, files, actor.userId);
      const range = opts.start !== undefined && opts.end !== undefined ? { start: opts.start, end: opts.end } : null;
      const id = await db.transaction(async (tx) => {
        const jobId = await repo.insertJob(tx, {
          userId: actor.userId,
          userName: actor.name.slice(0, 64),
          printer: opts.printer,
          fileId: stored.id,
          fileName: stored.name.slice(0, 200),
          rangeStart: range?.start ?? null,
          rangeEnd: range?.end ?? null,
        });
        await writeAudit(tx, {
          category: 'impressao',
          entityId: jobId,
          action: 'insert',
          user: actor,
          before: null,
          after: { printer: opts.printer, file: stored.name, range },
        });
        return jobId;
      });
      const url = deps.printerUrls[opts.printer];
      if (!url) return { id, status: 'queued' };
      const error = await sendPrintJob(
        { printerUri: url, userName: actor.name, jobName: stored.name, range, requestId: id % 0x7fffffff },
        data,
        timeoutMs,
      );
      await repo.setResult(db, id, error);
      return { id, status: error ? 'failed' : 'sent' };
    },

    async list(): Promise<PrintJob[]> {
      const rows = await repo.list(db, 200);
      return rows.map((r) => ({
        id: r.id,
        fileId: r.fileId ?? '',
        fileName: r.fileName,
        printer: r.printer,
        userId: r.userId,
        userName: r.userName,
        rangeStart: r.rangeStart,
        rangeEnd: r.rangeEnd,
        status: r.status as PrintJobStatus,
        error: r.error,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      }));
    },
  };
}
export type PrintingService = ReturnType<typeof createPrintingService>;
