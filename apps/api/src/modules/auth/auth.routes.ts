import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { loginReplySchema, loginRequestSchema, sessionInfoSchema } from '@assoc/domain';
import { actorFrom } from '../../lib/actor.js';
import { loggableError } from '../../lib/errors.js';
import { resolveSecret } from '../../lib/signed-token.js';
import { createNetworkMatcher } from '../../lib/network.js';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../plugins/app/auth.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService } from './auth.service.js';


const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createAuthRepository(app.db);
  const service = createAuthService({
    repo,
    config: app.config,
    secret: resolveSecret(app.config.SESSION_SECRET, app.config.DATA_DIR),
    isTrusted: createNetworkMatcher(app.config.TRUSTED_NETWORKS),
    slowStepMs: app.config.NODE_ENV === 'test' ? 20 : 1000,
  });

  // Expired sign-in counters would only restart; forget them hourly so the table stays small.
  const pruneTimer = setInterval(() => {
    repo.pruneLimits(app.config.LOGIN_WINDOW_MINUTES).catch((err) => app.log.warn({ err: loggableError(err) }, 'limite de entrada: limpeza falhou'));
  }, 3_600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  app.post('/login', {
    config: { public: true },
    schema: {
      tags: ['sessão'],
      summary: 'Entrar com CPF e senha (e código de acesso quando pedido)',
      body: loginRequestSchema,
      response: { 200: loginReplySchema, 401: messageSchema, 403: messageSchema, 429: messageSchema },
    },
  }, async (request, reply) => {
    const result = await service.signIn(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    if (result.kind === 'requirecode') return { status: 200, data: 'requirecode' };
    // Signing in over a live session ends the old one (and its sockets): one cookie, one session.
    const previous = request.user;
    if (previous) {
      await repo.revokeSession(previous.sessionId, {
        kind: 'logout', actor: result.user, subjectUserId: previous.userId,
        details: { ip: request.ip, reason: 'replaced_by_login' },
      });
      app.events.endSessions({ sessionId: previous.sessionId });
    }
    const secure = request.protocol === 'https';
    reply.setCookie(SESSION_COOKIE, result.token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    reply.setCookie(XSRF_COOKIE, result.xsrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
    return { status: 200, data: result.coded };
  });

  app.get('/logout', {
    // Signing out with a lost session is harmless, so it needs none; with a live one the guard asks for the
    // XSRF header (a GET that changes state: a cross-site link must not sign anyone out).
    config: { public: true, xsrf: true },
    schema: { tags: ['sessão'], summary: 'Sair: encerra a sessão no servidor', response: { 200: z.object({ status: z.number() }) } },
  }, async (request, reply) => {
    const me = request.user;
    if (me) {
      await repo.revokeSession(me.sessionId, {
        kind: 'logout', actor: actorFrom(me), subjectUserId: me.userId, details: { cpf: me.cpf, ip: request.ip },
      });
      app.events.endSessions({ sessionId: me.sessionId });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    return { status: 200 };
  });

  app.get('/ping', {
    config: { roles: [] },
    schema: { tags: ['sessão'], summary: 'Confirma que a sessão está ativa', response: { 200: z.object({ status: z.number() }) } },
  }, async () => ({ status: 200 }));

  app.get('/session', {
    // Public so the sign-in page can ask "who am I?" without a 401: null means nobody is signed in.
    config: { public: true },
    schema: {
      tags: ['sessão'],
      summary: 'Quem está conectado: nome, papéis, CEP e token XSRF (null sem sessão)',
      response: { 200: sessionInfoSchema.nullable() },
    },
  }, async (request) => {
    const me = request.user;
    if (!me) return null;
    const user = await repo.findUserById(me.userId);
    if (!user) return null;
    return {
      username: user.cpf,
      cpf: user.cpf,
      name: user.name,
      cstId: user.cstId ?? -1,
      roles: user.roles,
      cep: user.cep || app.config.ASSOCIATION_CEP,
      xsrfToken: me.xsrfToken,
      envMode: app.config.APP_ENV_MODE,
      associationName: app.config.ASSOCIATION_NAME,
      associationShortName: app.config.ASSOCIATION_SHORT_NAME,
      mustChangePassword: me.mustChangePassword,
    };
  });
};

export default authRoutes;
