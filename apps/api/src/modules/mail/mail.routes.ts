import type { FastifyPluginAsync } from 'fastify';
import { mailContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';

/** The outbox screen (decision 10): superadmins see every message and its delivery state. */
const mailRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.mail;
  defineRoutes(app, mailContracts, {
    outbox: async (request) => service.outboxPage(request.query),
  });
};

export default mailRoutes;
