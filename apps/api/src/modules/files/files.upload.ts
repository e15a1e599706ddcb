import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, badRequest } from '../../lib/errors.js';
import type { FileService, StoredFile } from './files.service.js';
import { filesTexts } from './files.sniff.js';

export const uploadTexts = {
  noFile: 'Nenhum arquivo enviado',
  notMultipart: 'Envie o arquivo como multipart/form-data',
};

/**
 * Multipart parsing for upload routes (issue 10 §4). Only files stream; field values are capped small, and
 * the multipart limit sits one byte above the service's, so the service answers the pt-BR 413 first.
 */
export async function registerMultipart(app: FastifyInstance, maxBytes: number) {
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  });
}

/**
 * Streams the request's one file into the file store (type sniffed, size limited, XLS refused) without
 * holding it in memory. The caller links it to its owner, in its own transaction, with files.attach.
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: FileService,
  opts: { createdBy: number | null; accept?: readonly string[]; maxBytes?: number },
): Promise<StoredFile> {
  try {
    const part = await request.file();
    if (!part) throw badRequest(uploadTexts.noFile);
    return await files.save({
      name: part.filename || 'arquivo',
      data: part.file,
      createdBy: opts.createdBy,
      accept: opts.accept,
      maxBytes: opts.maxBytes,
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(opts.maxBytes ?? files.maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(uploadTexts.noFile);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
}

/**
 * A small multipart form whole in memory (a posting file, a bank return: at most the store's FILES_MAX_MB, 413
 * beyond): its text fields and its one file `file`. Too many parts answer 400 with `tooMany`'s message.
 */
export async function receiveSmallForm(
  request: FastifyRequest,
  maxBytes: number,
  tooMany: string,
): Promise<{ fields: Record<string, string>; file?: { name: string; data: Buffer } }> {
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1, fields: 5, parts: 6 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname === 'file') file = { name: part.filename || 'arquivo', data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(tooMany);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
  if (file && file.data.length > maxBytes) throw new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes));
  return { fields, file };
}
