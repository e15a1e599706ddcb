import type { FastifyPluginAsync } from 'fastify';
import { portalContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/** The portal's Cadastro calls (portalContracts; spec 3 §7): the self rule of the contract answers 404 about anyone else. */
const portalRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.portal;
  defineRoutes(app, portalContracts, {
    get: async (request) => service.get(request.params.cstId),
    save: async (request) => service.save(request.params.cstId, request.body, actorOf(request)),
  });
};

export default portalRoutes;
