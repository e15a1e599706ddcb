import type { FastifyPluginAsync } from 'fastify';
import { bankFilesContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { sendStoredFile } from '../../lib/file-reply.js';

const { remittances, remittance, remittanceFile } = bankFilesContracts;

/** /financeiro/remessa's calls (issue 25): the remittances, one with its lines, and its file. */
const bankRemittanceRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.bankRemittance;
  defineRoutes(
    app,
    { remittances, remittance, remittanceFile },
    {
      remittances: async () => service.list(),
      remittance: async (request) => service.detail(request.params.rmId, request.query),
      remittanceFile: async (request, reply) =>
        sendStoredFile(reply, service.open, await service.file(request.params.rmId), { disposition: 'attachment' }),
    },
  );
};

export default bankRemittanceRoutes;
