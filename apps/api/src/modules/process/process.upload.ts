import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { genericMessages, processMessages } from '@assoc/domain';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import type { StoredFile } from '../files/files.service.js';
import { filesTexts } from '../files/files.sniff.js';
import { uploadTexts } from '../files/files.upload.js';

/** A file part of a process call, already in the file store (no owner yet: the caller links or discards it). */
export interface ReceivedFile {
  field: string;
  name: string;
  stored: StoredFile;
}

export interface ProcessPartLimits {
  /** Largest file part (413 with the file store's message beyond it). */
  maxFileBytes: number;
  /** Largest sum of the file parts of one request (413 beyond it). */
  maxTotalBytes: number;
  /** Most file parts in one request (413 beyond it). */
  maxFiles: number;
  /** Largest `dados` JSON (held in memory to be parsed). */
  maxJsonBytes: number;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.max(1, Math.floor(bytes / MB));

/**
 * Reads a multipart request of the process calls: the JSON field `dados` and PDF files. Each file part streams
 * into the file store as it arrives (`save`: type checked by content, a PDF or 415, and size-limited there), so a
 * request never sits in memory (issue 22 item 6: 25 × 20 MB took the API from 253 MB to 781 MB). Bounded per
 * request: each file, the files' total and their number. On any refusal the files stored so far are discarded.
 */
export async function receiveProcessParts(
  request: FastifyRequest,
  store: { save(part: { name: string; data: Readable; maxBytes: number }): Promise<StoredFile>; discard(files: StoredFile[]): Promise<void> },
  limits: ProcessPartLimits,
): Promise<{ dados: unknown; files: ReceivedFile[] }> {
  let dados: unknown = undefined;
  let seen = false;
  const files: ReceivedFile[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: 5,
        fieldSize: limits.maxJsonBytes,
        parts: limits.maxFiles + 5,
      },
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
      const name = (part.filename || `${part.fieldname}.pdf`).slice(0, 200);
      const remaining = limits.maxTotalBytes - total;
      let stored: StoredFile;
      try {
        stored = await store.save({ name, data: part.file, maxBytes: Math.max(0, Math.min(limits.maxFileBytes, remaining)) });
      } catch (error) {
        // Past what the request may still carry (less than one file's limit): the total is what was exceeded.
        if (error instanceof AppError && error.code === 'payloadTooLarge' && remaining < limits.maxFileBytes) {
          throw new AppError('payloadTooLarge', processMessages.importTooLarge(megabytes(limits.maxTotalBytes)));
        }
        throw error;
      }
      total += stored.size;
      files.push({ field: part.fieldname, name, stored });
    }
  } catch (error) {
    await store.discard(files.map((f) => f.stored));
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', filesTexts.tooLarge(limits.maxFileBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('payloadTooLarge', processMessages.tooManyFiles(limits.maxFiles));
    if (code === 'FST_FIELDS_LIMIT') throw badRequest(genericMessages.invalidRequest);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupportedMediaType', uploadTexts.notMultipart);
    throw error;
  }
  if (!seen) {
    await store.discard(files.map((f) => f.stored));
    throw badRequest(genericMessages.invalidData);
  }
  return { dados, files };
}

/**
 * Bounds the imports of one API key on this instance: `active` at once, `queued` more waiting their turn (their
 * bodies are not read while they wait), any beyond answered 429. Waiting rather than refusing at once lets an
 * integration send a burst (10 identical imports at once all answer 200).
 */
export function keyedGate(opts: { active: number; queued: number }) {
  const state = new Map<string | number, { running: number; waiting: (() => void)[] }>();
  /** Imports of this key running and waiting now (what a test waits for). */
  const load = (key: string | number) => ({ running: state.get(key)?.running ?? 0, waiting: state.get(key)?.waiting.length ?? 0 });
  async function run<T>(key: string | number, work: () => Promise<T>): Promise<T> {
    let entry = state.get(key);
    if (!entry) state.set(key, (entry = { running: 0, waiting: [] }));
    const slot = entry;
    if (slot.running >= opts.active) {
      if (slot.waiting.length >= opts.queued) throw tooManyRequests(processMessages.importBusy);
      await new Promise<void>((resolve) => slot.waiting.push(resolve));
    } else slot.running++;
    try {
      return await work();
    } finally {
      // The slot passes to the next waiter (running stays the same) or is freed.
      const next = slot.waiting.shift();
      if (next) next();
      else if (--slot.running === 0) state.delete(key);
    }
  }
  return { run, load };
}
