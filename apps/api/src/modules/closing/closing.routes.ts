import type { FastifyPluginAsync } from 'fastify';
import { closingContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { currentUser } from '../auth/session.js';

/** The closing's calls (closingContracts): thin handlers over the closing service. */
const closingRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.closing;
  defineRoutes(app, closingContracts, {
    preview: async () => service.preview(),
    start: async (request) => service.start(currentUser(request)),
    list: async () => service.runs(),
  });
};

export default closingRoutes;
