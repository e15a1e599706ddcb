import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { binaryReply, pathOf, queryStringOf, type BinaryReply, type BodyOf, type ReplyOf, type RouteContract } from '@assoc/domain';

/** Who sends: a signed-in client (cookie and XSRF header attached) or the app itself (anonymous). */
export interface Sender {
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/** What a call goes through: a signed-in client or the app itself. */
export type CallTarget = Sender | FastifyInstance;

/**
 * A path parameter: its schema's type, or any text (a test of a malformed parameter). A walk over a table of
 * contracts (typed only as RouteContract) gives one value per parameter name; `pathOf` takes the ones it needs.
 */
type ParamsInput<C extends RouteContract> = RouteContract extends C
  ? Record<string, string | number>
  : C['params'] extends z.ZodType
    ? { [K in keyof z.input<C['params']>]: z.input<C['params']>[K] | string | number }
    : undefined;
/** A query: its schema's fields, each also as any text or number (a test of a malformed query). */
type QueryInput<C extends RouteContract> = C['query'] extends z.ZodType
  ? { [K in keyof z.input<C['query']>]?: z.input<C['query']>[K] | string | number | readonly (string | number)[] }
  : undefined;

export interface CallOptions<C extends RouteContract> {
  params?: ParamsInput<C>;
  query?: QueryInput<C>;
  /** The body, typed by the contract. */
  body?: BodyOf<C>;
  /**
   * Escape hatch: a payload sent as it is, unchecked by the types (a deliberately bad body for a 400 test, a
   * multipart stream with its own content-type header).
   */
  rawBody?: InjectOptions['payload'];
  /** The same as `rawBody`, so a multipart helper's `{ payload, headers }` spreads into the options. */
  payload?: InjectOptions['payload'];
  headers?: InjectOptions['headers'];
  /** The client's address (sign-in limits, trusted networks). */
  remoteAddress?: string;
}

/** A refusal's JSON (`{ message }`, sometimes with extra fields a service adds on purpose). */
export interface ErrorReply {
  message: string;
  [field: string]: unknown;
}

/** The success reply as the test reads it: a file's bytes, nothing for 204, else the contract's reply type. */
export type CallBody<C extends RouteContract> = C['reply'] extends BinaryReply ? Buffer : ReplyOf<C>;

export interface CallResult<C extends RouteContract> {
  status: number;
  /**
   * On the contract's success status: the reply parsed by the contract's reply schema (a reply that does not
   * match its contract fails the test here), a Buffer for a file. On any other status: the JSON as sent.
   */
  body: CallBody<C>;
  /** The refusal's JSON (`{ message }`) on any status but the success one. */
  error: ErrorReply;
  /** The raw reply (headers, cookies, raw text). */
  res: LightMyRequestResponse;
  /** The contract's success status. */
  expected: number;
}

const isSender = (target: Sender | FastifyInstance): target is Sender => 'request' in target && typeof target.request === 'function';

function jsonOf(res: LightMyRequestResponse): unknown {
  if (!res.body) return undefined;
  try {
    return res.json();
  } catch {
    return res.body;
  }
}

/**
 * A URL under /api/v1 from a path without a contract: only for tests of raw HTTP behaviour on paths no route has
 * (an unknown path answers 404 JSON). Every route's URL comes from its contract (`urlOf`).
 */
export const apiUrl = (path: string) => `/api/v1/${path}`;

/** The URL of a call: the contract's path under /api/v1 with its parameters, and the query string. */
export function urlOf<C extends RouteContract>(contract: C, options: Pick<CallOptions<C>, 'params' | 'query'> = {}): string {
  return apiUrl(
    `${pathOf(contract, options.params as Record<string, unknown> | undefined)}${queryStringOf(options.query as Record<string, unknown> | undefined)}`,
  );
}

/**
 * Calls one route through its contract (issue 23 §4): the URL from the contract, the contract's method, the body
 * typed by it; on the success status the reply is parsed by the contract's reply schema, so a contract whose
 * reply changes fails every test that calls it.
 */
export async function call<C extends RouteContract>(
  target: Sender | FastifyInstance,
  contract: C,
  options: CallOptions<C> = {},
): Promise<CallResult<C>> {
  const inject: InjectOptions = {
    method: contract.method,
    url: urlOf(contract, options),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  if (options.rawBody !== undefined) inject.payload = options.rawBody;
  else if (options.payload !== undefined) inject.payload = options.payload;
  else if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  const res = isSender(target) ? await target.request(inject) : await target.inject(inject);
  const success = contract.status ?? 200;
  let body: unknown;
  if (res.statusCode !== success) body = jsonOf(res);
  else if (contract.reply === binaryReply) body = res.rawPayload;
  else if (success === 204) body = undefined;
  else {
    const parsed = contract.reply.safeParse(jsonOf(res));
    if (!parsed.success)
      throw new Error(
        `the reply of ${contract.method} ${contract.path} does not follow its contract: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`,
      );
    body = parsed.data;
  }
  const error = (res.statusCode === success ? {} : (body ?? {})) as ErrorReply;
  return { status: res.statusCode, body: body as CallBody<C>, error, res, expected: success };
}

/** A call that must succeed: fails the test with the status and message otherwise, and returns the parsed reply. */
export async function expectOk<C extends RouteContract>(pending: Promise<CallResult<C>>): Promise<CallBody<C>> {
  const result = await pending;
  expect(result.status, result.error.message).toBe(result.expected);
  return result.body;
}

/** One call prepared for a table of calls (the 401/403 walks of a module): its URL as a label, and how to send it. */
export interface PreparedCall {
  label: string;
  send(target: Sender | FastifyInstance): Promise<CallResult<RouteContract>>;
}

export function prepare<C extends RouteContract>(contract: C, options: CallOptions<C> = {}): PreparedCall {
  return {
    label: `${contract.method} ${urlOf(contract, options)}`,
    send: (target) => call(target, contract, options) as Promise<CallResult<RouteContract>>,
  };
}
