import {
  binaryReply,
  pathOf,
  queryStringOf,
  type BinaryReply,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  type RouteContract,
} from '@assoc/domain';
import { API_BASE, apiRequest, type ApiRequestOptions } from './api';

/**
 * The typed web client (issue 10 §1): every call names a contract of `packages/domain`, so the URL, the
 * parameters, the body and the reply's type come from the one declaration the server registers.
 */
type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };
export type CallInput<C extends RouteContract> = Field<'params', ParamsOf<C>> & Field<'query', QueryOf<C>> & Field<'body', BodyOf<C>>;

/** Calls are made with an input only when the contract has params, a query or a body. */
type InputArgs<C extends RouteContract> = Partial<CallInput<C>> extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

type CallOptions = Pick<ApiRequestOptions, 'signal' | 'skipSessionLost'>;

/** The reply as the web receives it: a Blob for a file, the JSON's type otherwise. */
export type WebReplyOf<C extends RouteContract> = C['reply'] extends BinaryReply ? Blob : ReplyOf<C>;

/** The contract's path with its params and query, relative to /api/v1 ('comarcas/all/3?x=1'). */
export function relativeUrlOf<C extends RouteContract>(contract: C, input?: Partial<CallInput<C>>): string {
  return pathOf(contract, input?.params as Record<string, unknown> | undefined) + queryStringOf(input?.query as Record<string, unknown> | undefined);
}

/** The absolute URL of a GET contract, for what the browser fetches itself (an <img>, a download link). */
export function apiUrl<C extends RouteContract>(contract: C, ...[input]: InputArgs<C>): string {
  return `${API_BASE}/${relativeUrlOf(contract, input)}`;
}

/** Calls the contract and answers its typed reply (a Blob for file replies, nothing for 204). */
export async function callApi<C extends RouteContract>(contract: C, ...args: [...InputArgs<C>, options?: CallOptions]): Promise<WebReplyOf<C>> {
  const [input, options] = args as unknown as [CallInput<C> | undefined, CallOptions | undefined];
  const body = contract.method === 'GET' || contract.method === 'DELETE' ? undefined : (input?.body ?? {});
  return apiRequest<WebReplyOf<C>>(relativeUrlOf(contract, input), {
    ...options,
    method: contract.method,
    body,
    ...(contract.reply === binaryReply ? { binary: true } : {}),
  });
}

/**
 * The TanStack Query key of a call: the contract's method and path, then its params and query, so
 * `queryKeyOf(contracts.list)` invalidates every page of a list and `queryKeyOf(c, { params })` one record.
 */
export function queryKeyOf<C extends RouteContract>(contract: C, input?: Partial<Pick<CallInput<C>, 'params' | 'query'>>): readonly unknown[] {
  const key: unknown[] = [contract.method, contract.path];
  if (input?.params !== undefined) key.push(input.params);
  if (input?.query !== undefined) key.push(input.query);
  return key;
}
