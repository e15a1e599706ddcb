import crypto from 'node:crypto';

/** One part of a multipart/form-data body: a field (`value`) or a file (`data`). */
export interface Part {
  name: string;
  value?: string;
  /** A file's name (default arquivo.pdf). */
  filename?: string;
  data?: Buffer;
  /** A file's content type (default application/pdf). */
  contentType?: string;
}

/**
 * A multipart/form-data body, parts in the order given, as `{ payload, headers }` for inject (it spreads into
 * `call`'s options) or for a real HTTP request — the one builder of the API tests and benches.
 */
export function multipartBody(parts: Part[]) {
  const boundary = `----assoc${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (part.data) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'arquivo.pdf'}"\r\nContent-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
