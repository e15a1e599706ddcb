import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionMessages } from '@assoc/domain';
import { messageSchema } from '../../lib/reply-schemas.js';
import { currentUser, hashToken } from '../../plugins/app/auth.js';
import { createPasswordResetRepository } from '../password-reset/password-reset.repository.js';
import { newResetCode } from '../password-reset/password-reset.service.js';

/**
 * Issue 8 §3: a user whose one-time password must be replaced (the first-start superadmin) gets a reset
 * code for the existing /reset form, the only way forward besides signing out; the reset ends the session.
 */
const firstStartRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPasswordResetRepository(app.db);

  app.post('/login/senhaprovisoria', {
    config: { roles: [], allowPendingPassword: true },
    schema: {
      tags: ['sessão'],
      summary: 'Código para trocar a senha provisória na página /reset (só enquanto a troca é exigida)',
      response: { 200: z.object({ q: z.string() }), 403: messageSchema },
    },
  }, async (request, reply) => {
    const me = currentUser(request);
    if (!me.mustChangePassword) return reply.status(403).send({ message: sessionMessages.noPendingPasswordChange });
    const code = newResetCode();
    await repo.transaction((tx) => repo.createCode(tx, me.userId, hashToken(code), app.config.RESET_CODE_MINUTES));
    return { q: code };
  });
};

export default firstStartRoutes;
