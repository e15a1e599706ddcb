import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * `inline` or `attachment` with the file's name: `filename="…"` alone when the name is plain ASCII; otherwise an ASCII
 * fallback (accents dropped, other characters '_') and `filename*=UTF-8''…` (RFC 5987/6266) with the real name.
 * Quotes, backslashes and control characters never reach the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  if (ascii === name) return `${kind}; filename="${ascii}"`;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export interface FileReply {
  /** The content type (sniffed or known: application/pdf). */
  type: string;
  /** The name shown or saved by the browser; without it, no Content-Disposition (an image for `<img src>`). */
  name?: string;
  /** inline (shown, the default) or attachment (saved). */
  disposition?: 'inline' | 'attachment';
  /** The size when the body is a stream (a buffer's own length is used otherwise). */
  size?: number;
  /** Cache-Control: by default 'private, no-store' (one user's file, kept by no cache). */
  cache?: string;
}

/**
 * The one way a route answers a file (issue 23 item 7): content type, length, disposition with a safe name,
 * Cache-Control and nosniff, then the bytes.
 */
export function sendFile(reply: FastifyReply, body: Uint8Array | Readable, file: FileReply): FastifyReply {
  const bytes = body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
  const size = Buffer.isBuffer(bytes) ? bytes.length : file.size;
  reply
    .header('content-type', file.type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', file.cache ?? 'private, no-store');
  if (size !== undefined) reply.header('content-length', String(size));
  if (file.name) reply.header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.name));
  return reply.send(bytes);
}

/** What `sendStoredFile` needs of a stored file's record (the files module's StoredFile). */
export interface StoredFileReply {
  name: string;
  mimeType: string;
  size: number;
}

/**
 * Answers a stored file: opens its bytes (`open`, the file service's) and sends them with its type, name and
 * stored size; shown inline unless told otherwise.
 */
export async function sendStoredFile<F extends StoredFileReply>(
  reply: FastifyReply,
  open: (file: F) => Promise<Readable>,
  file: F,
  options: Pick<FileReply, 'disposition' | 'cache'> = {},
): Promise<FastifyReply> {
  return sendFile(reply, await open(file), { type: file.mimeType, name: file.name, size: file.size, ...options });
}
