import type { FastifyPluginAsync } from 'fastify';
import { TUTORIAL_FILE_NAME, toolsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** Spec 3 §2.4: the user dropdown's Ferramentas (authenticator set-up) and Baixar tutorial. */
const toolsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.tools;
  defineRoutes(app, toolsContracts, {
    getToken: async (request) => service.createSetup(currentUser(request)),
    confirmToken: async (request) => service.confirmSetup(currentUser(request), request.body, request.ip),
    tutorial: async (_request, reply) => {
      const pdf = await service.tutorial();
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${TUTORIAL_FILE_NAME}"`).send(pdf);
    },
  });
};

export default toolsRoutes;
