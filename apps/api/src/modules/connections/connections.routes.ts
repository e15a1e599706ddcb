import type { FastifyPluginAsync } from 'fastify';
import { connectionsContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';

/** GET connected: the 'Usuários conectados' list (role admin), across every instance; `hubs` messages keep it live. */
const connectionsRoutes: FastifyPluginAsync = async (app) => {
  defineRoutes(app, connectionsContracts, {
    connected: () => app.realtime.connectedUsers(),
  });
};

export default connectionsRoutes;
