import type { FastifyPluginAsync } from 'fastify';
import { authContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { SESSION_COOKIE, XSRF_COOKIE } from './session.js';

/** Sign-in, sign-out, the ping and GET session (spec 1 §4, §7); the session rules live in the auth service. */
const authRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.auth;
  defineRoutes(app, authContracts, {
    login: async (request, reply) => {
      const result = await service.signIn(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      if (result.kind === 'requirecode') return { status: 200, data: 'requirecode' };
      if (request.user) await service.replaceSession(request.user, result.user, request.ip);
      const secure = request.protocol === 'https';
      reply.setCookie(SESSION_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      reply.setCookie(XSRF_COOKIE, result.xsrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
      // Issue 28: what GET session would answer, and the home's first data, so the client needs no second round trip
      // before the home.
      const session = await service.sessionOf(result.token);
      const [info, home] = session ? await Promise.all([service.sessionInfo(session.user), service.homeOf(session.user)]) : [null, undefined];
      return { status: 200, data: result.coded, ...(info ? { session: info } : {}), ...(info && home ? { home } : {}) };
    },

    logout: async (request, reply) => {
      if (request.user) await service.signOut(request.user, request.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(XSRF_COOKIE, { path: '/' });
      return { status: 200 };
    },

    ping: () => ({ status: 200 }),

    session: async (request) => (request.user ? service.sessionInfo(request.user) : null),
  });
};

export default authRoutes;
