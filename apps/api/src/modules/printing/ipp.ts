/**
 * A minimal IPP client (RFC 8010 encoding, RFC 8011 Print-Job): one request over HTTP POST `application/ipp`,
 * the operation attributes, optional page-ranges, then the PDF bytes. Enough for a network printer or CUPS.
 */

const TAG = {
  operation: 0x01,
  job: 0x02,
  end: 0x03,
  rangeOfInteger: 0x33,
  nameWithoutLanguage: 0x42,
  uri: 0x45,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
} as const;

export const IPP_PRINT_JOB = 0x0002;

function attribute(tag: number, name: string, value: Buffer): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const head = Buffer.alloc(1 + 2 + nameBytes.length + 2);
  head.writeUInt8(tag, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(head, 3);
  head.writeUInt16BE(value.length, 3 + nameBytes.length);
  return Buffer.concat([head, value]);
}
const text = (tag: number, name: string, value: string) => attribute(tag, name, Buffer.from(value, 'utf8'));

export interface PrintJobRequest {
  /** The printer's URI as configured (ipp://, ipps://, http(s)://). */
  printerUri: string;
  userName: string;
  jobName: string;
  range?: { start: number; end: number } | null;
  requestId?: number;
}

/** The request header of a Print-Job (everything before the document bytes). */
export function encodePrintJob(req: PrintJobRequest): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt8(1, 0); // IPP/1.1
  head.writeUInt8(1, 1);
  head.writeUInt16BE(IPP_PRINT_JOB, 2);
  head.writeUInt32BE(req.requestId ?? 1, 4);
  const parts = [
    head,
    Buffer.from([TAG.operation]),
    text(TAG.charset, 'attributes-charset', 'utf-8'),
    text(TAG.naturalLanguage, 'attributes-natural-language', 'pt-br'),
    text(TAG.uri, 'printer-uri', req.printerUri),
    text(TAG.nameWithoutLanguage, 'requesting-user-name', req.userName.slice(0, 255) || 'assoc'),
    text(TAG.nameWithoutLanguage, 'job-name', req.jobName.slice(0, 255) || 'documento.pdf'),
    text(TAG.mimeMediaType, 'document-format', 'application/pdf'),
  ];
  if (req.range) {
    const range = Buffer.alloc(8);
    range.writeInt32BE(req.range.start, 0);
    range.writeInt32BE(req.range.end, 4);
    parts.push(Buffer.from([TAG.job]), attribute(TAG.rangeOfInteger, 'page-ranges', range));
  }
  parts.push(Buffer.from([TAG.end]));
  return Buffer.concat(parts);
}

export interface DecodedIpp {
  version: [number, number];
  /** The operation id of a request, the status code of a response. */
  code: number;
  requestId: number;
  /** Attribute values by name (strings for text tags, [start, end] for ranges, hex otherwise). */
  attributes: Record<string, string | [number, number]>;
  /** The bytes after end-of-attributes (the document of a request). */
  data: Buffer;
}

/** Parses an IPP message (request or response); throws on a truncated one. */
export function decodeIpp(buf: Buffer): DecodedIpp {
  if (buf.length < 9) throw new Error('IPP message too short');
  const attributes: DecodedIpp['attributes'] = {};
  let at = 8;
  let lastName = '';
  for (;;) {
    if (at >= buf.length) throw new Error('IPP message without end-of-attributes');
    const tag = buf.readUInt8(at++);
    if (tag === TAG.end) break;
    if (tag < 0x10) continue; // a delimiter: operation, job, printer… group
    const nameLength = buf.readUInt16BE(at);
    const name = buf.toString('utf8', at + 2, at + 2 + nameLength);
    at += 2 + nameLength;
    const valueLength = buf.readUInt16BE(at);
    const value = buf.subarray(at + 2, at + 2 + valueLength);
    if (value.length !== valueLength) throw new Error('IPP attribute truncated');
    at += 2 + valueLength;
    const key = name || lastName; // an additional value of a multi-valued attribute: keep the first
    lastName = key;
    if (!name && key in attributes) continue;
    attributes[key] =
      tag === TAG.rangeOfInteger && value.length === 8
        ? [value.readInt32BE(0), value.readInt32BE(4)]
        : tag >= 0x40 && tag <= 0x4f
          ? value.toString('utf8')
          : value.toString('hex');
  }
  return {
    version: [buf.readUInt8(0), buf.readUInt8(1)],
    code: buf.readUInt16BE(2),
    requestId: buf.readUInt32BE(4),
    attributes,
    data: buf.subarray(at),
  };
}

/** A minimal IPP response (status and the required charset/language), for fake printers in tests. */
export function encodeIppResponse(status: number, requestId: number, message?: string): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt8(1, 0);
  head.writeUInt8(1, 1);
  head.writeUInt16BE(status, 2);
  head.writeUInt32BE(requestId, 4);
  const parts = [
    head,
    Buffer.from([TAG.operation]),
    text(TAG.charset, 'attributes-charset', 'utf-8'),
    text(TAG.naturalLanguage, 'attributes-natural-language', 'pt-br'),
  ];
  if (message) parts.push(text(0x41, 'status-message', message));
  parts.push(Buffer.from([TAG.end]));
  return Buffer.concat(parts);
}

/** The HTTP address an IPP URI is posted to (ipp → http on 631, ipps → https on 443 unless a port is given). */
export function httpUrlOf(printerUri: string): string {
  const url = new URL(printerUri);
  if (url.protocol === 'ipp:' || url.protocol === 'ipps:') {
    const secure = url.protocol === 'ipps:';
    const port = url.port || (secure ? '443' : '631');
    return `${secure ? 'https' : 'http'}://${url.host.replace(/:\d+$/, '')}:${port}${url.pathname}${url.search}`;
  }
  return url.toString();
}

/**
 * Sends one Print-Job; answers null when the printer accepted it (a successful status, 0x0000–0x00FF), else the
 * reason (HTTP status, IPP status and message, network error or timeout) to store with the job.
 */
export async function sendPrintJob(req: PrintJobRequest, pdf: Buffer, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(httpUrlOf(req.printerUri), {
      method: 'POST',
      headers: { 'content-type': 'application/ipp' },
      body: Buffer.concat([encodePrintJob(req), pdf]),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) return `HTTP ${response.status}`;
    const decoded = decodeIpp(body);
    if (decoded.code <= 0x00ff) return null;
    const message = decoded.attributes['status-message'];
    return `IPP 0x${decoded.code.toString(16).padStart(4, '0')}${typeof message === 'string' ? `: ${message}` : ''}`;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return `Sem resposta da impressora em ${timeoutMs} ms`;
    return `Falha de comunicação com a impressora: ${(error as Error).message}`.slice(0, 500);
  }
}
