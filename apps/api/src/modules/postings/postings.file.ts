import type { FastifyRequest } from 'fastify';
import { genericMessages, postingMessages, POSTING_FILE_MAX_LINES } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { readTableFile, type FileLine } from '../files/files.table.js';
import { receiveSmallForm } from '../files/files.upload.js';

export type { FileLine } from '../files/files.table.js';

/** The lines of a posting file (spec 2 §5): `readTableFile` with the posting's limit and messages. */
export function readPostingFile(name: string, data: Buffer): Promise<FileLine[]> {
  return readTableFile(name, data, {
    maxLines: POSTING_FILE_MAX_LINES,
    fileType: postingMessages.fileType,
    tooManyLines: postingMessages.fileTooManyLines(POSTING_FILE_MAX_LINES),
  });
}

/**
 * The multipart request of POST lancamentos/files: the field `svcId` and the file `file`, whole in memory (a posting
 * file is small; at most the file store's FILES_MAX_MB, 413 beyond it, like the other uploads).
 */
export async function receivePostingFile(request: FastifyRequest, maxBytes: number): Promise<{ svcId: number; name: string; data: Buffer }> {
  const { fields, file } = await receiveSmallForm(request, maxBytes, postingMessages.fileRequired);
  const svcIdText = fields.svcId;
  const svcId = Number(svcIdText);
  if (!svcIdText || !/^\d{1,9}$/.test(svcIdText) || svcId <= 0) throw badRequest(`svcId: ${genericMessages.required}`);
  if (!file || file.data.length === 0) throw badRequest(`file: ${postingMessages.fileRequired}`);
  return { svcId, ...file };
}
