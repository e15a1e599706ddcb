import type { FastifyPluginAsync } from 'fastify';
import { creditContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** POST user/credito/{cstId} (spec 2 §7): a thin handler over the credit service. */
const creditRoutes: FastifyPluginAsync = async (app) => {
  defineRoutes(app, creditContracts, {
    issue: async (request) => app.services.credit.issue(request.params.cstId, request.body, currentUser(request), request.ip),
  });
};

export default creditRoutes;
