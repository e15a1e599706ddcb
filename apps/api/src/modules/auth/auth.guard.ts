import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { genericMessages, hasRole, processMessages, sessionMessages, type Role, type RoleRequirement } from '@assoc/domain';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { OwnerResolver } from '../../lib/owner.js';
import type { AuthService } from './auth.service.js';
import { SESSION_COOKIE, XSRF_HEADER, type ApiKeyVerifier, type ApiRouteInfo, type SessionUser } from './session.js';

const apiKeyMessage = processMessages.apiKeyMissing;

/**
 * Loads the server-side session from the cookie on every request (so role changes apply at the
 * next request), enforces each route's declared access, and checks the XSRF header on writes and on
 * GETs flagged `xsrf`. A session ends after SESSION_TTL_HOURS idle or SESSION_MAX_DAYS after sign-in.
 * Registered by the auth module's setup, at the app's root, before any route.
 */
export default fp<{ service: AuthService }>(
  async (app, { service }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('peopleVersion', -1);
    app.decorate('apiRoutes', [] as ApiRouteInfo[]);
    app.decorate('apiKeyVerifiers', new Map<string, ApiKeyVerifier>());
    app.decorate('ownerResolvers', new Map<string, OwnerResolver>());
    // Every owner rule must be answerable: a contract naming an id no module resolves is a start-up error.
    app.addHook('onReady', async () => {
      for (const route of app.apiRoutes)
        if (route.owner && !app.ownerResolvers.has(route.owner.param))
          throw new Error(`Route ${route.method} ${route.url}: no owner resolver for ${route.owner.param} (registerOwner)`);
    });

    // Every API route must say who may call it; forgetting is a start-up error, not an open door.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/v1')) return;
      const config = route.config as
        | {
            public?: boolean;
            roles?: RoleRequirement;
            allOf?: readonly Role[];
            self?: ApiRouteInfo['self'];
            owner?: ApiRouteInfo['owner'];
            xsrf?: boolean;
            apiKey?: string;
          }
        | undefined;
      if (!config?.public && config?.roles === undefined && !config?.apiKey) {
        throw new Error(`Route ${route.method} ${route.url} declares neither config.public nor config.roles nor config.apiKey`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.apiRoutes.push({
          method,
          url: route.url,
          public: config?.public === true,
          roles: config?.roles,
          ...(config?.allOf?.length ? { allOf: config.allOf } : {}),
          ...(config?.self ? { self: config.self } : {}),
          ...(config?.owner ? { owner: config.owner } : {}),
          xsrf: config?.xsrf === true,
          ...(config?.apiKey ? { apiKey: config.apiKey } : {}),
        });
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Guard by the matched route: unknown paths (404) and the web app's files are not API routes,
      // so they cost no session lookup.
      if (!request.routeOptions.url?.startsWith('/api/v1')) return;
      const config = request.routeOptions.config;
      // An integration's call: its API key only (no session, no cookie, so no XSRF), checked by the verifier
      // its module registered for the scope; none registered, or a missing, unknown or revoked key: 401.
      if (config.apiKey) {
        const key = apiKeyOf(request);
        const verify = app.apiKeyVerifiers.get(config.apiKey);
        const principal = key && verify ? await verify(key) : null;
        if (!principal) throw unauthorized(apiKeyMessage);
        request.apiKey = principal;
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const session = await service.sessionOf(token);
        request.user = session?.user ?? null;
        if (session) request.peopleVersion = session.peopleVersion;
      }
      if (config.public) {
        if (config.xsrf && request.user) checkXsrf(request, request.user);
        return;
      }
      if (!request.user) throw unauthorized();
      if (request.user.mustChangePassword && !config.allowPendingPassword) throw forbidden(sessionMessages.mustChangePassword);
      if (!hasRole(request.user.roles, config.roles)) throw forbidden();
      if (config.xsrf || (request.method !== 'GET' && request.method !== 'HEAD')) checkXsrf(request, request.user);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The key of `X-API-Key: <key>` or `Authorization: Bearer <key>`. */
function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : null;
}

function checkXsrf(request: FastifyRequest, user: SessionUser) {
  const header = request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || !safeEqual(header, user.xsrfToken)) {
    throw forbidden(genericMessages.invalidXsrf);
  }
}

function safeEqual(a: string, b: string) {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
