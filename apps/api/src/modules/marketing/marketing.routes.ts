import type { FastifyPluginAsync } from 'fastify';
import { marketingContracts } from '@assoc/domain';
import { currentUser } from '../auth/session.js';
import { defineRoutes } from '../../lib/define-route.js';

/** Marketing's calls (issue 29 item 2): thin handlers over the marketing service. */
const marketingRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.marketing;
  defineRoutes(app, marketingContracts, {
    options: async (request) => service.options(currentUser(request)),
    preview: async (request) => service.preview(currentUser(request), request.body),
    create: async (request) => service.create(currentUser(request), request.body),
    list: async () => service.list(),
    get: async (request) => service.get(request.params.id, request.query.page, request.query.pageSize),
  });
};

export default marketingRoutes;
