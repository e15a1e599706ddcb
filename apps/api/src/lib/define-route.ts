import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions, onRequestAsyncHookHandler } from 'fastify';
import {
  binaryReply,
  canOpenRoute,
  findRoute,
  grantsCall,
  type HandlerReplyOf,
  type ParamsOf,
  type ParsedBodyOf,
  type QueryOf,
  type Role,
  type RoleAccess,
  type RouteAccess,
  type RouteContract,
} from '@assoc/domain';
import { z } from 'zod';
import { errorStatus, forbidden, notFound } from './errors.js';
import { messageSchema } from './reply-schemas.js';
import { currentUser } from '../modules/auth/session.js';
import { checkOwner } from './owner.js';

/** The menu role of each screen (its last role): what the global guard checks before the screen check. */
export function menuRolesOf(screens: readonly string[]): Role[] {
  return [
    ...new Set(
      screens.map((path) => {
        const route = findRoute(path);
        if (!route) throw new Error(`unknown screen ${path}`);
        return route.requires[route.requires.length - 1]!;
      }),
    ),
  ];
}

/** Route-level check after the guard: every role of one of the screens (same rule as the web's route guard). */
export function screenAccess(screens: readonly string[]): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const roles = currentUser(request).roles;
    if (!screens.some((path) => canOpenRoute(path, roles))) throw forbidden();
  };
}

/** A contract's self rule as the route table keeps it: the member parameter and the roles that grant any member. */
export interface SelfRule {
  param: string;
  roles: readonly Role[];
}

/**
 * A role-based call's check after the guard: the `allOf` roles (403), the `self` rule (404 about another member) and
 * the `owner` rule (404 about another member's object, lib/owner.ts).
 */
function roleCheck(access: RoleAccess): onRequestAsyncHookHandler | undefined {
  const { allOf, self, owner } = access;
  if (!allOf?.length && !self && !owner) return undefined;
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (grantsCall(access, user.roles)) return;
    if (owner) return checkOwner(request, owner);
    if (!self) throw forbidden();
    // Not granted by roles: only about the caller's own member; anyone else's id is "not found".
    const id = Number((request.params as Record<string, unknown>)[self]);
    if (user.cstId === null || !Number.isInteger(id) || id !== user.cstId) throw notFound();
  };
}

/** The guard's route config (auth plugin) and the extra check of a contract's access (screens, all-of roles, self). */
export function accessOf(access: RouteAccess): {
  config: { public?: true; roles?: readonly Role[]; allOf?: readonly Role[]; self?: SelfRule; owner?: SelfRule; apiKey?: string };
  check?: onRequestAsyncHookHandler;
} {
  if ('public' in access) return { config: { public: true } };
  if ('apiKey' in access) return { config: { apiKey: access.apiKey } };
  if ('signedIn' in access) return { config: { roles: [] } };
  if ('roles' in access) {
    const check = roleCheck(access);
    // A self or owner call admits every signed-in user at the guard; its check answers the rest (roles, or 404).
    const config = {
      roles: access.self || access.owner ? [] : access.roles,
      ...(access.allOf?.length ? { allOf: access.allOf } : {}),
      ...(access.self ? { self: { param: access.self, roles: access.roles } } : {}),
      ...(access.owner ? { owner: { param: access.owner, roles: access.roles } } : {}),
    };
    return check ? { config, check } : { config };
  }
  return { config: { roles: menuRolesOf(access.screens) }, check: screenAccess(access.screens) };
}

/**
 * The `{ message }` replies a route may give (every status of `errorStatus`), for the OpenAPI document and the
 * serializer. Loose: the extra fields a service's AppError carries on purpose (a 410's `expired`) reach the client.
 */
const errorReply = z.looseObject(messageSchema.shape);
const errorReplies = Object.fromEntries([...new Set(Object.values(errorStatus))].map((status) => [status, errorReply]));

export type ContractRequest<C extends RouteContract> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: ParsedBodyOf<C> }>;
export type ContractHandler<C extends RouteContract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<HandlerReplyOf<C> | FastifyReply> | HandlerReplyOf<C> | FastifyReply;

/** Route options a contract does not carry (a custom serializer, a validation message, a body limit). */
export type RouteExtras = Pick<RouteOptions, 'schemaErrorFormatter' | 'serializerCompiler' | 'bodyLimit' | 'preHandler'> & {
  onRequest?: onRequestAsyncHookHandler;
};

/**
 * Registers one contract of `packages/domain`: its method and path, its schemas (validation, reply, OpenAPI),
 * its access (the global guard's config plus the screen check) and its success status. The handler returns
 * the reply's data (nothing for 204); a file route sends its own reply.
 */
export function defineRoute<C extends RouteContract>(app: FastifyInstance, contract: C, handler: ContractHandler<C>, extras: RouteExtras = {}) {
  const { config, check } = accessOf(contract.access);
  const status = contract.status ?? 200;
  const binary = contract.reply === binaryReply;
  const schema: FastifySchema = {
    tags: [...contract.tags],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    response: binary ? errorReplies : { [status]: contract.reply, ...errorReplies },
  };
  const { onRequest, ...options } = extras;
  const hooks = [check, onRequest].filter((hook): hook is onRequestAsyncHookHandler => !!hook);
  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    config: { ...config, ...(contract.xsrf ? { xsrf: true } : {}), ...(contract.allowPendingPassword ? { allowPendingPassword: true } : {}) },
    ...(hooks.length ? { onRequest: hooks } : {}),
    schema,
    handler: async (request, reply) => {
      const result = await handler(request as ContractRequest<C>, reply);
      if (reply.sent || result === reply) return reply;
      reply.code(status);
      return status === 204 ? reply.send(null) : result;
    },
  });
}

export type ContractHandlers<G extends Record<string, RouteContract>> = { [K in keyof G]: ContractHandler<G[K]> };

/** Registers a module's whole group of contracts; the type makes a contract without its handler an error. */
export function defineRoutes<G extends Record<string, RouteContract>>(
  app: FastifyInstance,
  contracts: G,
  handlers: ContractHandlers<G>,
  extras: Partial<Record<keyof G, RouteExtras>> = {},
) {
  for (const key of Object.keys(contracts) as (keyof G)[]) defineRoute(app, contracts[key], handlers[key], extras[key]);
}
