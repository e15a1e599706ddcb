import type { FastifyPluginAsync } from 'fastify';
import { chargeContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** The charges' calls (spec 1 §7): the debt, the boleto's PDF and its e-mail. */
const chargesRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.charges;
  defineRoutes(app, chargeContracts, {
    debt: async (request) => service.debt(request.params.cstId),
    boleto: async (request, reply) =>
      sendFile(reply, await service.boleto(request.params.cobId), { type: 'application/pdf', name: `boleto-${request.params.cobId}.pdf` }),
    emailBoleto: async (request) => service.emailBoleto(request.params.cobId, actorOf(request)),
  });
};

export default chargesRoutes;
