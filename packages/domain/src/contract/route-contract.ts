import { z } from 'zod';
import type { Role } from '../access/roles.js';

/**
 * One API call, declared once (issue 10 §1): the server registers it with `defineRoute` (schemas, guard,
 * OpenAPI) and the web calls it with `callApi` — so no URL or reply type is written by hand on either side.
 * Paths are relative to /api/v1 and use Fastify's `:param` syntax.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call it. `screens`: the roles of one of these screens (the web route guard's rule). `apiKey`: an
 * integration's call, authenticated only by an API key of that scope (header X-API-Key), never by a session.
 */
export type RouteAccess =
  { readonly public: true } | { readonly signedIn: true } | RoleAccess | { readonly screens: readonly string[] } | { readonly apiKey: string };

/** Access by roles (issue 23 item 5: every role a call needs is in its contract, where the access walk sees it). */
export interface RoleAccess {
  /** Any one of these roles ([] = any signed-in user). */
  readonly roles: readonly Role[];
  /** Besides one of `roles`, every one of these (the member record's finer roles: v2userallowupdate…); 403 without one. */
  readonly allOf?: readonly Role[];
  /**
   * Object-level rule: the path parameter naming a member (`'cstId'`). A caller whose roles do not grant the call
   * may still make it about themselves (the member their user belongs to); about anyone else it answers 404, so
   * the reply does not tell whether that member exists. For the portal's calls (docs/ARCHITECTURE.md).
   * With `self`, an empty `roles` grants no one else: the call is the member's own only (the portal's form).
   */
  readonly self?: string;
  /**
   * Object-level rule for a call keyed by another id (a charge's `cobId`): a caller whose roles do not grant the
   * call may still make it about an object of their own member (or of one of its dependents); any other answers
   * 404. The module owning that kind of object tells the server whose it is (`registerOwner`, apps/api/src/lib/owner.ts).
   */
  readonly owner?: string;
}

/** Whether these roles grant a role-based call: one of `roles` and every one of `allOf`. */
export function grantsCall(access: RoleAccess, userRoles: readonly string[]): boolean {
  if (access.self && access.roles.length === 0) return false;
  const any = access.roles.length === 0 || access.roles.some((role) => userRoles.includes(role));
  return any && (access.allOf ?? []).every((role) => userRoles.includes(role));
}

/** A reply that is not JSON (a file, a PDF, an image): the web client answers it as a Blob. */
export const binaryReply = z.custom<{ readonly binary: true }>(() => true).describe('binary');
export type BinaryReply = typeof binaryReply;

export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success reply's schema (`z.null()` for 204, `binaryReply` for files). */
  readonly reply: z.ZodType;
  /** The success status (200 unless said). */
  readonly status?: 200 | 201 | 202 | 204;
  readonly access: RouteAccess;
  /** pt-BR, shown in the OpenAPI document. */
  readonly summary: string;
  /** Longer pt-BR text for the OpenAPI document (Markdown: a multipart call's fields, an example). */
  readonly description?: string;
  readonly tags: readonly string[];
  /** A GET that changes state: sends the XSRF header like a write (issue 8 §8). */
  readonly xsrf?: boolean;
  /** Reachable while a one-time password is not yet replaced. */
  readonly allowPendingPassword?: boolean;
}

/** Declares a contract, keeping its literal types (the web client and the server read them). */
export const defineContract = <const C extends RouteContract>(contract: C): C => contract;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ParamsOf<C extends RouteContract> = Infer<C['params']>;
export type QueryOf<C extends RouteContract> = Infer<C['query']>;
/** What the caller sends: the schema's input (defaults may be left out). */
export type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;
/** What the handler receives once validated. */
export type ParsedBodyOf<C extends RouteContract> = Infer<C['body']>;
/** The JSON reply's type (a binary reply is typed by the client that reads it: a Blob on the web). */
export type ReplyOf<C extends RouteContract> = C['reply'] extends BinaryReply ? unknown : C['status'] extends 204 ? void : z.output<C['reply']>;
/** What a handler returns (a file route sends its own reply). */
export type HandlerReplyOf<C extends RouteContract> = C['reply'] extends BinaryReply ? unknown : C['status'] extends 204 ? void : z.input<C['reply']>;

/** The path with its parameters filled in and encoded ('/comarcas/all/:cirId' + {cirId: 3} -> 'comarcas/all/3'). */
export function pathOf(contract: Pick<RouteContract, 'path'>, params?: Record<string, unknown>): string {
  return contract.path
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const value = params?.[name];
      if (value === undefined || value === null || value === '') throw new Error(`parâmetro ${name} ausente em ${contract.path}`);
      return encodeURIComponent(String(value));
    })
    .replace(/^\/+/, '');
}

/** The query string of a call (undefined and null values left out), with its leading '?', or ''. */
export function queryStringOf(query?: Record<string, unknown>): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}
