import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Role, RoleRequirement } from '@assoc/domain';
import { unauthorized } from '../../lib/errors.js';

export const SESSION_COOKIE = 'assoc_sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface SessionUser {
  sessionId: number;
  userId: number;
  cpf: string;
  name: string;
  cstId: number | null;
  roles: string[];
  xsrfToken: string;
  /** One-time password not yet replaced (migration 0016): only the password change and sign-out answer. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health). */
    public?: boolean;
    /** Roles needed (any one of them); an empty list means any signed-in user. */
    roles?: RoleRequirement;
    /** Reachable while the one-time password is not yet replaced (the password change itself). */
    allowPendingPassword?: boolean;
    /**
     * A GET (or HEAD) that changes state (issue 8 §8): needs the XSRF header like a write. On a public route
     * it is checked only when a session is present (a cross-site link must not act on it).
     */
    xsrf?: boolean;
    /** Besides one of `roles`, every one of these (checked by the route's own hook, defineRoute; listed for the access walk). */
    allOf?: readonly Role[];
    /** The contract's self rule (defineRoute checks it; listed for the access walk): the member parameter and its granting roles. */
    self?: { param: string; roles: readonly Role[] };
    /** The contract's owner rule (defineRoute checks it, lib/owner.ts; listed for the access walk). */
    owner?: { param: string; roles: readonly Role[] };
    /** An integration's route: authenticated only by an API key of this scope (no session). */
    apiKey?: string;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** The API key that authenticated an integration's call (routes with config.apiKey). */
    apiKey?: ApiKeyPrincipal;
    /**
     * Version of the searchable people (data_versions 'people') read with the session: an in-process
     * cache that has applied it reflects every change committed before this request (-1 unknown).
     */
    peopleVersion: number;
  }
  interface FastifyInstance {
    /** Every /api/v1 route with its declared access, for the access walk test and audits of the surface. */
    apiRoutes: ApiRouteInfo[];
    /** API key checks by scope, registered by the module that owns the scope (process → 'processos'). */
    apiKeyVerifiers: Map<string, ApiKeyVerifier>;
    /** Whose object an id names, by the path parameter of a contract's owner rule (lib/owner.ts). */
    ownerResolvers: Map<string, import('../../lib/owner.js').OwnerResolver>;
  }
}

/** The integration behind a valid API key. */
export interface ApiKeyPrincipal {
  keyId: number;
  name: string;
}
/** Answers the key's integration, or null for an unknown or revoked key (and records its use). */
export type ApiKeyVerifier = (key: string) => Promise<ApiKeyPrincipal | null>;

export interface ApiRouteInfo {
  method: string;
  url: string;
  public: boolean;
  roles: RoleRequirement | undefined;
  /** Every one of these too (contract access `allOf`). */
  allOf?: readonly Role[];
  /** The contract's self rule: callers without its roles only about their own member (404 otherwise). */
  self?: { param: string; roles: readonly Role[] };
  /** The contract's owner rule: callers without its roles only about their own member's objects (404 otherwise). */
  owner?: { param: string; roles: readonly Role[] };
  /** Needs the XSRF header whatever the method. */
  xsrf: boolean;
  /** Authenticated by an API key of this scope instead of a session. */
  apiKey?: string;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The signed-in user of a guarded route (the guard already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
