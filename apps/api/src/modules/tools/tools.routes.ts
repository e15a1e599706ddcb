import type { FastifyPluginAsync } from 'fastify';
import { TUTORIAL_FILE_NAME, toolsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { currentUser } from '../auth/session.js';

/** Spec 3 §2.4: the user dropdown's Ferramentas (authenticator set-up) and Baixar tutorial. */
const toolsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.tools;
  defineRoutes(app, toolsContracts, {
    getToken: async (request) => service.createSetup(currentUser(request)),
    confirmToken: async (request) => service.confirmSetup(currentUser(request), request.body, request.ip),
    tutorial: async (_request, reply) => {
      const pdf = await service.tutorial();
      return sendFile(reply, pdf, { type: 'application/pdf', name: TUTORIAL_FILE_NAME, disposition: 'attachment' });
    },
  });
};

export default toolsRoutes;
