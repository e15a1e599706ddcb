import type { FastifyPluginAsync } from 'fastify';
import { reimbursementContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import { sendStoredFile } from '../../lib/file-reply.js';

/** The reimbursements' own calls (spec 2 §7): patients, the claim's document, the procedure document's upload. */
const reimbursementsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.reimbursements;
  defineRoutes(app, reimbursementContracts, {
    patients: async (request) => service.patients(request.params.cstId),
    document: async (request, reply) =>
      sendStoredFile(reply, service.open, await service.document(request.params.resId, request.query.procId), { disposition: 'inline' }),
    upload: async (request) => service.upload(request, actorOf(request)),
  });
};

export default reimbursementsRoutes;
