import type { FastifyPluginAsync } from 'fastify';
import { incomeTaxContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The income tax's calls (spec 1 §7): thin handlers over its service. */
const incomeTaxRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.incomeTax;
  defineRoutes(app, incomeTaxContracts, {
    statement: async (request) => service.statement(request.params.cstId, request.params.ano),
    pdf: async (request, reply) => {
      const pdf = await service.pdf(request.params.cstId, request.params.period);
      return reply.type('application/pdf').header('content-disposition', 'inline; filename="informe-rendimentos.pdf"').send(Buffer.from(pdf));
    },
    email: async (request) => service.email(request.params.cstId, request.params.ano, actorOf(request)),
  });
};

export default incomeTaxRoutes;
