import type { FastifyPluginAsync } from 'fastify';
import { ageBandContracts, ageBandMessages } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { sendFile } from '../../lib/file-reply.js';
import { XLSX_MIME } from '../../lib/xlsx-sheet.js';

/** GET mudancafaixa and its export: thin handlers over the service. */
const ageBandsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.ageBands;
  defineRoutes(app, ageBandContracts, {
    list: async (request) => service.list(request.query),
    export: async (_request, reply) =>
      sendFile(reply, await service.export(), { type: XLSX_MIME, disposition: 'attachment', name: ageBandMessages.exportFileName }),
  });
};

export default ageBandsRoutes;
