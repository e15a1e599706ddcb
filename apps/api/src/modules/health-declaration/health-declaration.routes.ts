import type { FastifyPluginAsync } from 'fastify';
import { healthDeclarationContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The health declaration's calls (spec 1 §7): thin handlers over its service. */
const healthDeclarationRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.healthDeclaration;
  defineRoutes(app, healthDeclarationContracts, {
    pdf: async (request, reply) => {
      const pdf = await service.pdf(request.params.cstId, request.params.period);
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="declaracao-saude.pdf"').send(Buffer.from(pdf));
    },
    email: async (request) => service.email(request.params.cstId, request.params.fecID, actorOf(request)),
  });
};

export default healthDeclarationRoutes;
