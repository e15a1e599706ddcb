import type { FastifyPluginAsync } from 'fastify';
import { mobileCallsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';

/** GET celular/{cstId}/{ano}/{mes}: a thin handler over the service. */
const mobileCallsRoutes: FastifyPluginAsync = async (app) => {
  defineRoutes(app, mobileCallsContracts, {
    statement: async (request) => app.services.mobileCalls.statement(request.params.cstId, request.params.ano, request.params.mes),
  });
};

export default mobileCallsRoutes;
