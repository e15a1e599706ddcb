import crypto from 'node:crypto';
import {
  BANK_RETURN_TYPES,
  bankImportMessages,
  bankReturnTypes,
  fileImportTypes,
  formatDateTime,
  genericMessages,
  postingMessages,
  type ImportRow,
  type ImportStarted,
} from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { actorFrom } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, pgErrorOf } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { SessionUser } from '../auth/session.js';
import type { FileService } from '../files/files.service.js';
import { isLegacyXls } from '../files/files.sniff.js';
import type { BankImportRepository } from './bank-import.repository.js';

export const BANK_IMPORT_COMMAND = 'banco-importar';
/** The same job for Importar arquivo's payroll return, under that screen's role (v2menufinimp). */
export const PAYROLL_FILE_IMPORT_COMMAND = 'folha-importar';

const labelOf = (tipo: string) =>
  bankReturnTypes.find((t) => t.value === tipo)?.label ?? fileImportTypes.find((t) => t.value === tipo)?.label ?? tipo;

/** What an upload must be to be read as a bank return: not empty, not a spreadsheet, text (no NUL byte). */
/** An import form's common rules (both import screens): a type among `types`, and a file that is not empty. */
export function checkImportForm<T extends string>(
  input: { tipo: string | undefined; data: Buffer | undefined },
  types: readonly T[],
): { tipo: T; data: Buffer } {
  if (!input.tipo) throw badRequest(`tipo: ${genericMessages.required}`);
  if (!(types as readonly string[]).includes(input.tipo)) throw badRequest(`tipo: ${genericMessages.oneOf}`);
  if (!input.data) throw badRequest(`file: ${bankImportMessages.fileRequired}`);
  if (input.data.length === 0) throw badRequest(`file: ${bankImportMessages.fileEmpty}`);
  return { tipo: input.tipo as T, data: input.data };
}

export function checkReturnFile(name: string, data: Buffer) {
  if (data.length === 0) throw badRequest(`file: ${bankImportMessages.fileEmpty}`);
  if (isLegacyXls(name, data)) throw badRequest(`file: ${postingMessages.xlsRefused}`);
  if (data.includes(0)) throw badRequest(`file: ${bankImportMessages.notText}`);
}

export function createBankImportService(deps: { db: Db; repo: BankImportRepository; files: FileService; jobs: AppServices['jobs'] }) {
  const { db, repo, files, jobs } = deps;

  /** 409 when this very file (type + SHA-256) was imported or is being imported; answers its SHA-256. */
  async function checkNotImported(tipo: string, data: Buffer) {
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    await repo.failAbandoned(db, bankImportMessages.abandoned);
    const earlier = await repo.findDone(db, tipo, sha256);
    if (earlier) throw conflict(bankImportMessages.alreadyImported(formatDateTime(earlier.createdAt)));
    return sha256;
  }

  /**
   * Starts an import: refuses a file already imported (type + SHA-256) or an import while another of the same origin
   * runs (409), then writes the file, the import row and its audit in the job's own transaction and queues `command`
   * with the import's id.
   */
  async function startImport(
    user: SessionUser,
    input: { origin: 'banco' | 'arquivo'; tipo: string; name: string; data: Buffer; command: string },
  ): Promise<ImportStarted> {
    const { tipo } = input;
    const sha256 = await checkNotImported(tipo, input.data);
    if (await repo.running(db, input.origin)) throw conflict(bankImportMessages.running);

    const actor = actorFrom(user);
    let importId = 0;
    let discard: (() => Promise<void>) | null = null;
    try {
      const job = await jobs.start(user, input.command, '0', async (tx, jobId) => {
        const stored = await files.saveIn(tx, { name: input.name, data: input.data, createdBy: user.userId });
        discard = stored.discard;
        importId = await repo.insert(tx, {
          origin: input.origin,
          tipo,
          fileName: input.name,
          sha256,
          scanId: stored.id,
          jobId,
          userId: user.userId,
          userName: user.name,
        });
        await writeAudit(tx, {
          category: 'importacoes',
          entityId: importId,
          action: 'insert',
          user: actor,
          before: null,
          after: { importId, origin: input.origin, tipo, fileName: input.name, sha256, jobId },
        });
        return String(importId);
      });
      return { message: bankImportMessages.started, jobId: job.jobId, importId };
    } catch (error) {
      await (discard as (() => Promise<void>) | null)?.();
      // Two uploads of the same file at once: the unique index lets one through.
      if (pgErrorOf(error)?.code === '23505') throw conflict(bankImportMessages.alreadyImported(formatDateTime(new Date().toISOString())));
      throw error;
    }
  }

  return {
    /**
     * Importar banco (issue 25 item 3): checks the upload as a bank return, then `startImport` with the return job.
     * Also the entry point of Importar arquivo's payroll return.
     */
    async start(user: SessionUser, input: { origin: 'banco' | 'arquivo'; tipo: string | undefined; name: string; data: Buffer | undefined }) {
      const { tipo, data } = checkImportForm(input, BANK_RETURN_TYPES);
      checkReturnFile(input.name, data);
      const command = input.origin === 'banco' ? BANK_IMPORT_COMMAND : PAYROLL_FILE_IMPORT_COMMAND;
      return startImport(user, { origin: input.origin, tipo, name: input.name, data, command });
    },

    /** Any import (a bank return, a file of Importar arquivo), after its own checks: see `startImport`. */
    startImport,
    checkNotImported,

    /** The import row a job reads (its type, file, status and who started it). */
    get: (importId: number) => repo.get(db, importId),
    /** Ends an import with its status, message and result, in the caller's transaction. */
    finish: repo.finish,
    async list(): Promise<ImportRow[]> {
      await repo.failAbandoned(db, bankImportMessages.abandoned);
      return (await repo.list(db)).map((row) => ({ ...row, tipoLabel: labelOf(row.tipo) }));
    },
  };
}
export type BankImportServiceApi = ReturnType<typeof createBankImportService>;
