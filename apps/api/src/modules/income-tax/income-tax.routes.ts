import type { FastifyPluginAsync } from 'fastify';
import { incomeTaxContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** The income tax's calls (spec 1 §7): thin handlers over its service. */
const incomeTaxRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.incomeTax;
  defineRoutes(app, incomeTaxContracts, {
    statement: async (request) => service.statement(request.params.cstId, request.params.ano),
    pdf: async (request, reply) => {
      const pdf = await service.pdf(request.params.cstId, request.params.period);
      return sendFile(reply, pdf, { type: 'application/pdf', name: 'informe-rendimentos.pdf' });
    },
    email: async (request) => service.email(request.params.cstId, request.params.ano, actorOf(request)),
  });
};

export default incomeTaxRoutes;
