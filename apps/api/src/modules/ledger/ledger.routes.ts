import type { FastifyPluginAsync } from 'fastify';
import { ledgerContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';

/** The statement's calls (ledgerContracts; spec 1 §7): thin handlers over the ledger service. */
const ledgerRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.ledger;
  defineRoutes(app, ledgerContracts, {
    statement: async (request) => service.statement(request.params.cstId, request.params.fecID),
    pdf: async (request, reply) => {
      const pdf = await service.statementPdf(request.params.cstId, request.params.period);
      return sendFile(reply, pdf, { type: 'application/pdf', name: 'extrato.pdf' });
    },
    email: async (request) => service.emailStatement(request.params.cstId, request.params.fecID, actorOf(request)),
    reverse: async (request) => service.reverseEntry(request.params.extId, actorOf(request)),
  });
};

export default ledgerRoutes;
