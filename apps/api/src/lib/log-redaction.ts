/**
 * What the logs may not hold (issue 8, finding 9): query strings carry secrets (`/reset?q=<code>`)
 * and searches, paths carry CPFs (`login/resetpassword/{cpf}`), error texts carry e-mail addresses.
 */

/** 11 digits (CPF) or 14 digits (CNPJ), bare or punctuated, not inside a longer token. */
const CPF = /(?<![\w.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\w])/g;
const CNPJ = /(?<![\w.])\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?![\w])/g;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** Percent-encoded punctuation a browser may send in a path (`.`, `-`, `/`, `@`). */
const ENCODED = /%2[eEdDfF]|%40/g;

/** Masks CPFs, CNPJs and e-mail addresses in a text. */
export function maskPersonalData(text: string): string {
  return text.replace(CNPJ, '***').replace(CPF, '***').replace(EMAIL, '***@***');
}

/** A URL fit for the log: the path with personal data masked, every query value replaced by '***'. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const rawPath = at < 0 ? url : url.slice(0, at);
  const path = maskPersonalData(rawPath.replace(ENCODED, (c) => decodeURIComponent(c)));
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${maskPersonalData(pair.split('=')[0]!).slice(0, 40)}=***`)
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request serializer with the URL redacted (the same fields as Fastify's own). */
export function requestSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
