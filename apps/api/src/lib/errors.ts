import { dataMessages, firstIssuePerPath, genericMessages, sessionMessages } from '@assoc/domain';
import type { z } from 'zod';
import { maskPersonalData } from './log-redaction.js';

/** The one table from an error's code to its HTTP status. */
export const errorStatus = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  tooManyRequests: 429,
  notImplemented: 501,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** An error a service throws on purpose: a code (its HTTP status from `errorStatus`) and a pt-BR message for the user. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError('badRequest', message, extra);
export const unauthorized = (message: string = sessionMessages.sessionLost) => new AppError('unauthorized', message);
export const forbidden = (message: string = genericMessages.forbidden) => new AppError('forbidden', message);
export const notFound = (message: string = genericMessages.notFound) => new AppError('notFound', message);
export const conflict = (message: string) => new AppError('conflict', message);

/**
 * A schema's refusal of data a service checked itself (a merged record, a rule needing the database): 400 with the
 * first field's "campo: mensagem" and every field's first message (`errors`, as the form shows them).
 */
export function issuesToError(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []) {
  const errors = firstIssuePerPath(issues).map((i) => ({ instancePath: `/${[...prefix, ...i.path].map(String).join('/')}`, message: i.message }));
  const first = errors[0]!;
  const field = first.instancePath.slice(1).replace(/\//g, '.');
  return badRequest(field ? `${field}: ${first.message}` : first.message, { errors });
}
/** Well-formed but cannot be done as asked (e.g. a stored report template that cannot be rendered within its limits). */
export const unprocessable = (message: string) => new AppError('unprocessable', message);
export const tooManyRequests = (message: string) => new AppError('tooManyRequests', message);

/** The fields of a PostgreSQL error (pg's DatabaseError) that are safe to act on and to log. */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  message: string;
}

const PG_CODE = /^[0-9A-Z]{5}$/;
/** Node's socket errors when the database cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/** pg's own messages when a connection dies or cannot be had. */
const CONNECTION_MESSAGES = /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/** The error and its causes (drizzle wraps pg's error in DrizzleQueryError.cause). */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The PostgreSQL error inside `error` (itself or a cause), or null. */
export function pgErrorOf(error: unknown): PgErrorInfo | null {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && PG_CODE.test(e.code) && typeof e.severity === 'string') {
      const text = (key: string) => (typeof e[key] === 'string' ? (e[key] as string) : undefined);
      return { code: e.code, constraint: text('constraint'), table: text('table'), column: text('column'), message: String(e.message ?? '') };
    }
  }
  return null;
}

/**
 * The database cannot answer now: a connection error (class 08), the server shutting down or
 * starting (57P01-57P03), too many connections (53300), a statement timeout or cancel (57014),
 * or a socket that cannot reach it. These answer 503 and the client may try again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  if (pgError) return pgError.code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(pgError.code);
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    // The embedded server is reached through its Unix socket: a stopped server is a missing socket file.
    if (e.code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * A write the database refused, as the user's error (never a 500): unknown related record,
 * duplicate that escaped a service check, bad value. Null when the error is not one of these.
 */
export function databaseRefusal(error: unknown): AppError | null {
  if (isDatabaseUnavailable(error)) return new AppError('unavailable', dataMessages.databaseUnavailable);
  const pgError = pgErrorOf(error);
  if (!pgError) return null;
  const { code } = pgError;
  switch (code) {
    // On delete or update of a referenced row the message names the other table; on insert, the missing one.
    case '23503':
      return badRequest(/is still referenced/.test(pgError.message) ? dataMessages.relatedInUse : dataMessages.relatedNotFound);
    case '23505':
      return conflict(dataMessages.duplicate);
    case '23514':
    case '23P01':
      return badRequest(dataMessages.checkFailed);
    case '23502':
      return badRequest(dataMessages.notNull);
    case '22001':
      return badRequest(dataMessages.tooLong);
    case '22003':
      return badRequest(dataMessages.outOfRange);
    case '22021':
    case '22P05':
      return badRequest(dataMessages.invalidText);
    case '54000':
    case '54001':
      return badRequest(dataMessages.tooLarge);
    case '40001':
    case '40P01':
    case '55P03':
      return conflict(dataMessages.concurrent);
    default:
      // Any other data exception (22P02 bad number or date text, 22007/22008 dates, …).
      return code.startsWith('22') ? badRequest(dataMessages.invalidValue) : null;
  }
}

/**
 * What the log may say about an error: name, codes and a message without values. pg's `detail`
 * and drizzle's "Failed query … params: …" carry personal data (CPF, name, e-mail), so they are
 * never logged; the stack keeps its frames only.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const pgError = pgErrorOf(error);
  const frames =
    error instanceof Error && error.stack
      ? error.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .slice(0, 12)
          .join('\n')
      : undefined;
  if (pgError) {
    return {
      type: 'DatabaseError',
      code: pgError.code,
      constraint: pgError.constraint,
      table: pgError.table,
      column: pgError.column,
      message: scrubMessage(pgError.message),
      stack: frames,
    };
  }
  const e = (error ?? {}) as { name?: string; code?: unknown; message?: unknown; query?: unknown };
  const message = typeof e.query === 'string' ? 'Failed query' : scrubMessage(String(e.message ?? error));
  return { type: e.name ?? typeof error, code: typeof e.code === 'string' ? e.code : undefined, message, stack: frames };
}

/** Drops what follows ': ' (pg puts the offending value there) and any quoted literal; masks CPFs and e-mails. */
function scrubMessage(message: string): string {
  return maskPersonalData(
    message
      .split('\n')[0]!
      .replace(/:\s.*$/, '')
      .replace(/'[^']*'/g, "'***'"),
  ).slice(0, 300);
}
