import { pathOf, queryStringOf, type BinaryReply, type ParamsOf, type QueryOf, type RouteContract } from '@assoc/domain';
import { vi } from 'vitest';
import type { z } from 'zod';

export interface MockReply {
  status?: number;
  body?: unknown;
}

export interface MockRequest {
  method: string;
  /** Path under /api/v1, e.g. 'searchhistory/12'. */
  path: string;
  /** The query string with its leading '?', or ''. */
  search: string;
  body: unknown;
  headers: Record<string, string>;
  /** performance.now() when the call was made. */
  at: number;
}

/**
 * A failure reply states its status (its body is not checked: a `{ message }` or whatever the test needs). Typed as
 * any number so a shared `{ status: 401, … }` constant needs no `as const`; a success status stated with a body
 * the contract refuses still fails at run time (the body is parsed whenever the status is the contract's own).
 */
export type FailureStatus = number;

type SuccessStatusOf<C extends RouteContract> = C['status'] extends 200 | 201 | 202 | 204 ? C['status'] : 200;

/** What the contract's handler returns (the reply schema's input); nothing for a 204, anything for a file. */
type SuccessBodyOf<C extends RouteContract> = C['reply'] extends BinaryReply
  ? unknown
  : SuccessStatusOf<C> extends 204
    ? undefined
    : z.input<C['reply']>;

type SuccessReply<C extends RouteContract> = [SuccessBodyOf<C>] extends [undefined]
  ? { status?: SuccessStatusOf<C>; body?: undefined }
  : { status?: SuccessStatusOf<C>; body: SuccessBodyOf<C> };

/**
 * A contract's reply in a test: its success reply (status left out or the contract's own), whose body is typed by
 * and parsed with the contract's reply schema — so a changed field fails the typecheck and the test — or a failure
 * stated with its status (`{ status: 409, body: { message } }`), not parsed.
 */
export type ContractReply<C extends RouteContract> = SuccessReply<C> | { status: FailureStatus; body?: unknown } | UncheckedReply;

/**
 * A success reply the contract would refuse, kept on purpose by a test that asserts what the web does with it
 * (e.g. a record without `version`, whose PUT the test expects without one): the reason is stated, nothing parsed.
 */
export interface UncheckedReply {
  status?: number;
  body?: unknown;
  unchecked: string;
}

/**
 * A reply computed per call (often from the request's body, typed `unknown`): its body is parsed by the contract
 * at each call like a static one, but typed loosely so a test need not cast the request's body to build it.
 */
type ContractHandler<C extends RouteContract> = (request: MockRequest) => ContractReply<C> | MockReply | Promise<ContractReply<C> | MockReply>;

type ParamValues<C extends RouteContract> = ParamsOf<C> extends Record<string, unknown> ? { [K in keyof ParamsOf<C>]: string | number } : never;
type QueryValues<C extends RouteContract> = QueryOf<C> extends Record<string, unknown> ? { [K in keyof QueryOf<C>]?: unknown } : never;

export interface MockRouteOptions<C extends RouteContract> {
  /** The call's params (exact); left out, any values match. */
  params?: ParamValues<C>;
  /** The call's query (exact); left out, any query matches. */
  query?: QueryValues<C>;
}

/** One mocked call, built by `mockContract` (never by hand: the key and the reply's check come from the contract). */
export interface MockRoute {
  readonly contract: RouteContract;
  readonly matches: (request: Pick<MockRequest, 'method' | 'path' | 'search'>) => boolean;
  readonly answer: (request: MockRequest) => Promise<MockReply>;
}

const paramName = /:([A-Za-z0-9_]+)/g;

/** A matcher of the contract's method and path: exact with params, any param values without. */
function pathMatcher(contract: RouteContract, params?: Record<string, unknown>) {
  if (params) {
    const path = pathOf(contract, params);
    return (request: Pick<MockRequest, 'method' | 'path'>) => request.method === contract.method && request.path === path;
  }
  const pattern = new RegExp(`^${contract.path.replace(/^\/+/, '').replace(paramName, '[^/]+')}$`);
  return (request: Pick<MockRequest, 'method' | 'path'>) => request.method === contract.method && pattern.test(request.path);
}

const describeContract = (contract: RouteContract) => `${contract.method} ${contract.path}`;

/** Throws when a success reply does not parse by the contract's reply schema (the message names the call). */
function checkReply(contract: RouteContract, reply: MockReply | UncheckedReply): MockReply {
  const success = contract.status ?? 200;
  const status = reply.status ?? success;
  if ('unchecked' in reply) return { status, body: reply.body };
  if (status !== success || success === 204) return { ...reply, status };
  const parsed = contract.reply.safeParse(reply.body);
  if (!parsed.success) {
    throw new Error(`mockContract ${describeContract(contract)}: a resposta não segue o contrato: ${JSON.stringify(parsed.error.issues)}`);
  }
  return { ...reply, status };
}

/** Replies that failed their contract at call time: reported after the test by `assertRepliesFollowedContracts`. */
const replyErrors: Error[] = [];

/**
 * Mocks one contract's call: the key comes from the contract (method, `pathOf(params)`, the query when given)
 * and a success reply is parsed by the contract's reply schema (a static one at once, a function's at each call).
 */
export function mockContract<C extends RouteContract>(
  contract: C,
  reply: NoInfer<ContractReply<C> | ContractHandler<C>>,
  options: NoInfer<MockRouteOptions<C>> = {},
): MockRoute {
  const matchesPath = pathMatcher(contract, options.params as Record<string, unknown> | undefined);
  const search = options.query === undefined ? undefined : queryStringOf(options.query as Record<string, unknown>);
  const checked = typeof reply === 'function' ? undefined : checkReply(contract, reply as MockReply);
  return {
    contract,
    matches: (request) => matchesPath(request) && (search === undefined || request.search === search),
    answer: async (request) => {
      if (checked) return checked;
      const answered = (await (reply as ContractHandler<C>)(request)) as MockReply;
      try {
        return checkReply(contract, answered);
      } catch (error) {
        replyErrors.push(error as Error);
        return { status: 500, body: { message: (error as Error).message } };
      }
    },
  };
}

/** Fails the test whose mocked function replies broke their contract (called after each test by the setup). */
export function assertRepliesFollowedContracts() {
  const errors = replyErrors.splice(0);
  if (errors.length) throw errors[0];
}

/**
 * Replaces fetch at the HTTP boundary with the given contract routes (the last one matching a call answers it, so
 * a test's own routes placed after a setup's defaults override them). Unknown calls answer 404 like the real
 * server. Returns the vi.fn and the calls made.
 */
export function mockApi(routes: readonly MockRoute[]) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string> | undefined) ?? {}));
    const request: MockRequest = {
      method,
      path,
      search: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
      at: performance.now(),
    };
    calls.push(request);
    const route = routes.findLast((candidate) => candidate.matches(request));
    const reply: MockReply = route === undefined ? { status: 404, body: { message: 'Recurso não encontrado' } } : await route.answer(request);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    // A file reply (a contract answering binaryReply) given as a Blob goes out as the file itself.
    if (reply.body instanceof Blob) return new Response(reply.body, { status: reply.status ?? 200, headers: { 'content-type': reply.body.type } });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** Calls to one contract (with these exact params; any params when left out). */
    callsTo: <C extends RouteContract>(contract: C, params?: ParamValues<C>) => {
      const matches = pathMatcher(contract, params as Record<string, unknown> | undefined);
      return calls.filter((call) => matches(call));
    },
  };
}
