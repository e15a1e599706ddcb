import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { documentAcceptedTypes, hasRole, memberDocumentMessages as dm, type MemberDocumentItem } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden, loggableError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import type { FileService } from '../files/files.service.js';
import { receiveUpload } from '../files/files.upload.js';
import type { ChildListContext } from '../members/child-lists.js';
import type { MemberDocumentsRepository, MemberDocumentRow } from './member-documents.repository.js';

/** The file store's owner kind of a member document (one link per file, owner id = the file's id). */
export const DOCUMENT_OWNER_KIND = 'member-document';
/** Audit category of an upload (the member save's own audit holds the attached rows). */
export const UPLOAD_AUDIT_CATEGORY = 'documentos';
/** Who may read an attached document (spec 1 §6 Documents). */
export const DOCUMENT_VIEW_ROLES = ['v2docview'] as const;

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

export interface DocumentDownload {
  stream: Readable;
  mimeType: string;
  size: number;
  /** Our own name (documento-<scanId>.<ext>): never a name the client sent. */
  fileName: string;
}

/**
 * The member's documents (issue 13): the scan upload (streamed to the file store, size-limited, type sniffed), the
 * child list `documentos` of the member save (insert attaches the user's waiting upload, delete marks the row, the
 * file stays), the download by scanId or key, and the clean-up of uploads never attached.
 */
export function createMemberDocumentsService(deps: {
  db: Db;
  repo: MemberDocumentsRepository;
  files: FileService;
  uploadTtlMs: number;
  /** Per user: uploads a minute, and bytes uploaded but not yet attached (issue 22 item 9). */
  quota: { perMinute: number; pendingBytes: number };
  log: FastifyBaseLogger;
}) {
  const { db, repo, files, log } = deps;
  const canView = (roles: readonly string[]) => hasRole(roles, DOCUMENT_VIEW_ROLES);

  /**
   * Removes the uploads still waiting after the grace period (row and file). A row is claimed by deleting it
   * while still waiting, so a save attaching it at the same moment wins and keeps it. Answers how many went.
   */
  async function cleanup(now: Date = new Date()) {
    const pending = await repo.pendingBefore(db, new Date(now.getTime() - deps.uploadTtlMs));
    let removed = 0;
    for (const { fileId } of pending) {
      if (!(await repo.claimPending(db, fileId))) continue;
      await files.detachAll(DOCUMENT_OWNER_KIND, fileId);
      removed += 1;
    }
    if (removed) log.info({ removed }, 'documentos: envios não anexados removidos');
    return removed;
  }

  /** 429 with a pt-BR message when this user's uploads of the last minute, or their waiting bytes plus `adding`, are past the quota. */
  async function checkQuota(tx: Executor, userId: number, adding: number) {
    const use = await repo.quotaUse(tx, userId);
    if (use.lastMinute >= deps.quota.perMinute) throw tooManyRequests(dm.uploadRateExceeded(deps.quota.perMinute));
    const overQuota = adding > 0 ? use.pendingBytes + adding > deps.quota.pendingBytes : use.pendingBytes >= deps.quota.pendingBytes;
    if (overQuota) throw tooManyRequests(dm.pendingQuotaExceeded(Math.round((deps.quota.pendingBytes / 1_048_576) * 100) / 100));
  }

  return {
    /**
     * `POST user/doc`: the file waits (no member yet) until a member save attaches its key. The user's quota is checked
     * before the file is read (429 at once when already used up) and again, with this file, when it is kept: an
     * upload past it is removed and answers 429, so nothing of it stays.
     */
    async upload(request: FastifyRequest, actor: Actor) {
      await checkQuota(db, actor.userId, 0);
      const file = await receiveUpload(request, files, { createdBy: actor.userId, accept: documentAcceptedTypes });
      try {
        await files.attach(DOCUMENT_OWNER_KIND, file.id, file.id);
        const row = await db.transaction(async (tx) => {
          await repo.lockUploader(tx, actor.userId);
          await checkQuota(tx, actor.userId, file.size);
          const inserted = await repo.insertPending(tx, {
            fileId: file.id,
            filesize: file.size,
            mimeType: file.mimeType,
            createdBy: actor.userId,
            createdByName: actor.name.slice(0, 64),
          });
          await writeAudit(tx, {
            category: UPLOAD_AUDIT_CATEGORY,
            entityId: inserted.scanId,
            action: 'insert',
            user: actor,
            before: null,
            after: { key: file.id, filesize: file.size, mimeType: file.mimeType, attached: false },
          });
          return inserted;
        });
        return {
          status: 'ok' as const,
          key: row.fileId,
          filesize: row.filesize,
          mimeType: row.mimeType,
          created: row.createdAt.toISOString(),
          createdBy: row.createdByName ?? '',
        };
      } catch (error) {
        await files.detachAll(DOCUMENT_OWNER_KIND, file.id).catch(() => undefined);
        throw error;
      }
    },

    /**
     * `GET user/doc/{scanId or key}`: an attached document (deleted ones too, for the audit) for a user with the
     * view role; a waiting upload only for the user who sent it.
     */
    async download(user: SessionUser, key: string): Promise<DocumentDownload> {
      const row: MemberDocumentRow | null = /^\d+$/.test(key)
        ? await repo.find(db, { scanId: Number(key) })
        : await repo.find(db, { fileId: key.toLowerCase() });
      if (!row) throw notFound(dm.documentNotFound);
      const allowed = row.cstId === null ? row.createdBy === user.userId : canView(user.roles);
      if (!allowed) throw forbidden();
      const file = await files.find(row.fileId);
      if (!file) throw notFound(dm.documentNotFound);
      const stream = await files.open(file).catch(() => {
        throw notFound(dm.documentNotFound);
      });
      return { stream, mimeType: row.mimeType, size: file.size, fileName: `documento-${row.scanId}.${EXTENSIONS[row.mimeType] ?? 'bin'}` };
    },

    /** The file store's read rule for this owner kind (a generic file download answers the same). */
    readRule: async (user: SessionUser) => canView(user.roles),

    /**
     * Writes the marked rows in the member save's transaction (the edit role was checked by the save). An insert
     * attaches this user's waiting upload, or brings back this member's document deleted earlier (a restored version).
     */
    async apply(tx: Executor, cstId: number, items: MemberDocumentItem[], ctx: ChildListContext) {
      for (const [index, item] of items.entries()) {
        if (item.operation === 'insert') {
          const key = item.key.toLowerCase();
          const attached =
            (await repo.attach(tx, cstId, key, item.description, ctx.actor.userId)) || (await repo.undelete(tx, cstId, key, item.description));
          if (!attached)
            throw badRequest(`documentos.${index}.key: ${dm.uploadNotFound}`, {
              errors: [{ instancePath: `/documentos/${index}/key`, message: dm.uploadNotFound }],
            });
        } else if (item.operation === 'update' && item.scanId !== undefined && item.scanId > 0) {
          await repo.describe(tx, cstId, item.scanId, item.description);
        } else if (item.operation === 'delete' && item.scanId !== undefined && item.scanId > 0) {
          await repo.markDeleted(tx, cstId, item.scanId, ctx.actor.userId);
        }
      }
    },

    cleanup,

    /** Runs the clean-up, logging (never throwing) a failure. */
    cleanupQuietly() {
      return cleanup().catch((err: unknown) => {
        log.warn({ err: loggableError(err) }, 'documentos: limpeza de envios falhou');
        return 0;
      });
    },
  };
}
export type MemberDocumentsService = ReturnType<typeof createMemberDocumentsService>;
