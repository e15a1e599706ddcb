import type { FastifyPluginAsync } from 'fastify';
import { healthDeclarationContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** The health declaration's calls (spec 1 §7): thin handlers over its service. */
const healthDeclarationRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.healthDeclaration;
  defineRoutes(app, healthDeclarationContracts, {
    pdf: async (request, reply) => {
      const pdf = await service.pdf(request.params.cstId, request.params.period);
      return sendFile(reply, pdf, { type: 'application/pdf', name: 'declaracao-saude.pdf' });
    },
    email: async (request) => service.email(request.params.cstId, request.params.fecID, actorOf(request)),
  });
};

export default healthDeclarationRoutes;
