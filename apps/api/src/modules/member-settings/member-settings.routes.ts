import type { FastifyPluginAsync } from 'fastify';
import { memberSettingsContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The Configurações tab's calls (the account itself is saved with the member: PUT user/{cstId}). */
const memberSettingsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.memberSettings;
  defineRoutes(app, memberSettingsContracts, {
    profiles: async () => service.profiles(),
    firstAccess: async (request) => service.sendFirstAccess(request.params.cstId, actorOf(request), request.ip),
  });
};

export default memberSettingsRoutes;
