import type { FastifyPluginAsync } from 'fastify';
import { followUpContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** /acompanhamento's calls (spec 2 §7): the list by status and the save of one row. */
const followUpRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.followUp;
  defineRoutes(app, followUpContracts, {
    list: async (request) => service.list(request.params.status),
    update: async (request) => service.update(request.params.atdId, request.body, actorOf(request)),
  });
};

export default followUpRoutes;
