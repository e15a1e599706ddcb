import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Resolves when `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (random port, no TLS, no auth) that keeps what it receives.
 * `reject` answers RCPT TO with an SMTP error, to test retries and final failures.
 */
export async function startTestSmtp(opts: { reject?: { code: number; message: string } } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.reject) return callback();
      const error = new Error(opts.reject.message) as Error & { responseCode: number };
      error.responseCode = opts.reject.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(header(raw, 'subject')),
          text: textPart(raw),
          raw,
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} e-mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header's unfolded value from a header block. */
function header(block: string, name: string): string {
  const head = block.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

function decodeQp(data: string): string {
  const bytes = data.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text/plain part (single-part or multipart). */
function textPart(raw: string): string {
  const type = header(raw, 'content-type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const part = parts.find((p) => /text\/plain/i.test(header(p.replace(/^\r?\n/, ''), 'content-type'))) ?? parts[0] ?? '';
  const body = part.replace(/^\r?\n/, '');
  const encoding = header(body, 'content-transfer-encoding').toLowerCase();
  const content = body
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(content);
  return content;
}
