import type { FastifyPluginAsync } from 'fastify';
import { isoDateInAppZone, openBalanceContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { sendFile } from '../../lib/file-reply.js';
import { XLSX_TYPE } from './open-balance.service.js';

/** /saldoaberto's calls (spec 2 §7): the rows of a channel, and the same rows as XLSX (ours). */
const openBalanceRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.openBalance;
  defineRoutes(
    app,
    openBalanceContracts,
    {
      list: async (request) => service.list(request.params.channelId),
      xlsx: async (request, reply) =>
        sendFile(reply, await service.xlsx(request.params.channelId), {
          type: XLSX_TYPE,
          disposition: 'attachment',
          name: `saldo-em-aberto-${request.params.channelId}-${isoDateInAppZone()}.xlsx`,
        }),
    },
    {
      // ~19,000 rows at 30,000 holders, built by typed code (the service's list) with exactly the reply's fields: compiled
      // from the reply schema instead of the app-wide zod serializer, which parsed every row again (issue 24 "Speed").
      list: { serializerCompiler: fastSerializer },
    },
  );
};

export default openBalanceRoutes;
