import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectedUserSchema } from '@assoc/domain';

/** GET connected: the 'Usuários conectados' list (role admin), across every instance; `hubs` messages keep it live. */
const connectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/connected', {
    config: { roles: ['admin'] },
    schema: {
      tags: ['tempo real'],
      summary: 'Usuários conectados ao canal em tempo real (todas as instâncias)',
      response: { 200: z.array(connectedUserSchema) },
    },
  }, async () => app.realtime.connectedUsers());
};

export default connectionsRoutes;
