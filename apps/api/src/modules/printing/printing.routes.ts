import type { FastifyPluginAsync } from 'fastify';
import { genericMessages, printingContracts, printingMessages } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/define-route.js';

/** `POST/GET config` (the user's preferences) and the print queue (`POST/GET impressao`), issue 11. */
const printingRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.printing;
  defineRoutes(
    app,
    printingContracts,
    {
      saveConfig: async (request) => {
        await service.savePreferences(actorOf(request), request.body);
      },
      getConfig: async (request) => service.preferences(actorOf(request).userId),
      enqueue: async (request, reply) => {
        const result = await service.enqueue(request, actorOf(request), request.query);
        return reply.code(202).send(result);
      },
      list: async () => service.list(),
    },
    {
      saveConfig: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? printingMessages.badPreferences) },
      enqueue: { schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? genericMessages.invalidData) },
    },
  );
};

export default printingRoutes;
