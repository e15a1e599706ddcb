import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { genericMessages, hasRole, sessionMessages, type RoleRequirement } from '@assoc/domain';
import { forbidden, unauthorized } from '../../lib/errors.js';

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
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /**
     * Version of the searchable people (data_versions 'people') read with the session: an in-process
     * cache that has applied it reflects every change committed before this request (-1 unknown).
     */
    peopleVersion: number;
  }
  interface FastifyInstance {
    /** Every /api/v1 route with its declared access, for the access walk test and audits of the surface. */
    apiRoutes: ApiRouteInfo[];
    /** The session of an `assoc_sid` cookie value (the real-time handshake authenticates with it). */
    sessionFromToken(token: string): Promise<SessionUser | null>;
  }
}

export interface ApiRouteInfo {
  method: string;
  url: string;
  public: boolean;
  roles: RoleRequirement | undefined;
  /** Needs the XSRF header whatever the method. */
  xsrf: boolean;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const SESSION_SQL = `
  select s.session_id, s.user_id, s.xsrf_token, u.cpf, u.name, u.cst_id, u.must_change_password,
         array(select pr.role from profile_roles pr where pr.perm_id = u.perm_id
               union select ur.role from user_roles ur where ur.user_id = u.user_id)::text[] as roles,
         s.last_seen_at < now() - interval '60 seconds' as stale,
         (select v from data_versions where name = 'people')::text as people_version
    from sessions s join users u on u.user_id = s.user_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active
     and s.created_at > now() - $2::float8 * interval '1 day'`;

/**
 * Loads the server-side session from the cookie on every request (so role changes apply at the
 * next request), enforces each route's declared access, and checks the XSRF header on writes and on
 * GETs flagged `xsrf`. A session ends after SESSION_TTL_HOURS idle or SESSION_MAX_DAYS after sign-in.
 */
export default fp<{ sessionTtlHours: number }>(async (app, opts) => {
  app.decorateRequest('user', null);
  app.decorateRequest('peopleVersion', -1);
  app.decorate('apiRoutes', [] as ApiRouteInfo[]);
  app.decorate('sessionFromToken', async (token: string) => (await lookupSession(token))?.user ?? null);

  // Every API route must say who may call it; forgetting is a start-up error, not an open door.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const config = route.config as { public?: boolean; roles?: RoleRequirement; xsrf?: boolean } | undefined;
    if (!config?.public && config?.roles === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares neither config.public nor config.roles`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({ method, url: route.url, public: config?.public === true, roles: config?.roles, xsrf: config?.xsrf === true });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Guard by the matched route: unknown paths (404) and the web app's files are not API routes,
    // so they cost no session lookup.
    if (!request.routeOptions.url?.startsWith('/api/v1')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await lookupSession(token);
      request.user = session?.user ?? null;
      if (session) request.peopleVersion = session.peopleVersion;
    }
    const config = request.routeOptions.config;
    if (config.public) {
      if (config.xsrf && request.user) checkXsrf(request, request.user);
      return;
    }
    if (!request.user) throw unauthorized();
    if (request.user.mustChangePassword && !config.allowPendingPassword) throw forbidden(sessionMessages.mustChangePassword);
    if (!hasRole(request.user.roles, config.roles)) throw forbidden();
    if (config.xsrf || (request.method !== 'GET' && request.method !== 'HEAD')) checkXsrf(request, request.user);
    void reply;
  });

  function checkXsrf(request: FastifyRequest, user: SessionUser) {
    const header = request.headers[XSRF_HEADER];
    if (typeof header !== 'string' || !safeEqual(header, user.xsrfToken)) {
      throw forbidden(genericMessages.invalidXsrf);
    }
  }

  async function lookupSession(token: string): Promise<{ user: SessionUser; peopleVersion: number } | null> {
    const tokenHash = hashToken(token);
    // Named, so each connection plans it once: planning the role union costs more than running it.
    const { rows } = await app.pool.query({ name: 'session-lookup', text: SESSION_SQL, values: [tokenHash, app.config.SESSION_MAX_DAYS] });
    const row = rows[0];
    if (!row) return null;
    if (row.stale) {
      // Sliding expiry, written at most once a minute per session.
      await app.pool.query(
        `update sessions set last_seen_at = now(), expires_at = now() + make_interval(hours => $2) where session_id = $1`,
        [row.session_id, opts.sessionTtlHours],
      );
    }
    const user: SessionUser = {
      sessionId: row.session_id,
      userId: row.user_id,
      cpf: row.cpf,
      name: row.name,
      cstId: row.cst_id,
      roles: row.roles,
      xsrfToken: row.xsrf_token,
      mustChangePassword: row.must_change_password === true,
    };
    return { user, peopleVersion: Number(row.people_version ?? -1) };
  }
}, { name: 'auth', dependencies: ['db'] });

function safeEqual(a: string, b: string) {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}

/** The signed-in user of a guarded route (the guard already refused anonymous calls). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
