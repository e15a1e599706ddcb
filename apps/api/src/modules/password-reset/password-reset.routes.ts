import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { resetPasswordChangeSchema, resetReplySchema } from '@assoc/domain';
import { createPasswordResetRepository } from './password-reset.repository.js';
import { createPasswordResetService } from './password-reset.service.js';


/** Sign-in password-request mode and the reset page (spec 1 §2, spec 3 §2.18). Both calls are public. */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService({
    repo: createPasswordResetRepository(app.db),
    config: app.config,
    replyFloorMs: app.config.NODE_ENV === 'test' ? 150 : 400,
    endUserSessions: (userId) => app.events.endSessions({ userId }),
  });

  app.get('/login/resetpassword/:user', {
    config: { public: true },
    schema: {
      tags: ['sessão'],
      summary: 'Pede o e-mail de redefinição de senha para um CPF (a resposta não revela se o CPF existe)',
      params: z.object({ user: z.string().max(20) }),
      response: { 200: resetReplySchema, 429: messageSchema },
    },
  }, async (request) => service.requestReset(request.params.user, request.ip));

  app.post('/login/resetpasswordchange', {
    config: { public: true },
    schema: {
      tags: ['sessão'],
      summary: 'Define a nova senha com o código do e-mail (uso único, com validade)',
      body: resetPasswordChangeSchema,
      response: { 200: resetReplySchema, 400: messageSchema, 410: messageSchema.extend({ expired: z.boolean() }) },
    },
  }, async (request) => service.changePassword(request.body, request.ip));
};

export default passwordResetRoutes;
