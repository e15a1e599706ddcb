import type { FastifyPluginAsync } from 'fastify';
import { accountSecurityContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** Segurança (issue 28 item 4): GET/DELETE sessions/minhas, GET seguranca/minhas, POST senha/minha and POST totp/recuperacao, for any signed-in user. */
const accountSecurityRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.accountSecurity;
  defineRoutes(app, accountSecurityContracts, {
    mySessions: async (request) => service.mySessions(currentUser(request)),
    myEvents: async (request) => service.myEvents(currentUser(request)),
    endMySession: async (request, reply) => {
      await service.endMySession(currentUser(request), request.params.sessionId, request.ip);
      return reply.status(204).send();
    },
    endOtherSessions: async (request) => service.endOtherSessions(currentUser(request), request.ip),
    changeMyPassword: async (request) => service.changeMyPassword(currentUser(request), request.body, request.ip),
    newRecoveryCodes: async (request) => service.newRecoveryCodes(currentUser(request), request.ip),
  });
};

export default accountSecurityRoutes;
