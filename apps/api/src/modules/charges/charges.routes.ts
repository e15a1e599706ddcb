import type { FastifyPluginAsync } from 'fastify';
import { chargeContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The charges' calls (spec 1 §7): the debt, the boleto's PDF and its e-mail. */
const chargesRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.charges;
  defineRoutes(app, chargeContracts, {
    debt: async (request) => service.debt(request.params.cstId),
    boleto: async (request, reply) =>
      reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="boleto-${request.params.cobId}.pdf"`)
        .send(Buffer.from(await service.boleto(request.params.cobId))),
    emailBoleto: async (request) => service.emailBoleto(request.params.cobId, actorOf(request)),
  });
};

export default chargesRoutes;
