import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { genericMessages } from '@assoc/domain';
import { AppError, badRequest } from '../../lib/errors.js';
import { SNIFF_BYTES, filesTexts, sniffContentType } from '../files/files.sniff.js';
import { uploadTexts } from '../files/files.upload.js';

export interface ReceivedFile {
  field: string;
  name: string;
  data: Buffer;
  sha256: string;
}

/**
 * Reads a multipart request of the process calls: the JSON field `dados` and PDF files (each held in memory up
 * to the size limit and checked by content: a PDF or 415). Limits are this call's: an import may carry its
 * movements' documents and a JSON larger than the global field limit.
 */
export async function receiveProcessParts(
  request: FastifyRequest,
  opts: { maxBytes: number; maxFiles: number; maxJsonBytes: number },
): Promise<{ dados: unknown; files: ReceivedFile[] }> {
  let dados: unknown = undefined;
  let seen = false;
  const files: ReceivedFile[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: opts.maxBytes + 1, files: opts.maxFiles, fields: 5, fieldSize: opts.maxJsonBytes, parts: opts.maxFiles + 5 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'dados') continue;
        if (part.valueTruncated) throw new AppError('payloadTooLarge', genericMessages.payloadTooLarge);
        seen = true;
        try {
          dados = JSON.parse(String(part.value));
        } catch {
          throw badRequest(genericMessages.invalidData);
        }
        continue;
      }
      const data = await part.toBuffer();
      if (data.length > opts.maxBytes) throw new AppError('payloadTooLarge', filesTexts.tooLarge(opts.maxBytes));
      const name = (part.filename || `${part.fieldname}.pdf`).slice(0, 200);
      if (sniffContentType(data.subarray(0, SNIFF_BYTES), name) !== 'application/pdf')
        throw new AppError('unsupportedMediaType', filesTexts.typeRefused);
      files.push({ field: part.fieldname, name, data, sha256: crypto.createHash('sha256').update(data).digest('hex') });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(opts.maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(genericMessages.invalidRequest);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
  if (!seen) throw badRequest(genericMessages.invalidData);
  return { dados, files };
}
