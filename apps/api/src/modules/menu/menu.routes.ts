import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuFor } from '@assoc/domain';
import { currentUser } from '../../plugins/app/auth.js';

/** GET tree (decision 21): the signed-in user's menu from the one role-annotated definition. */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/tree', {
    config: { roles: [] },
    schema: { tags: ['sessão'], summary: 'Menu do usuário, filtrado pelos seus papéis', response: { 200: z.array(z.any()) } },
  }, async (request) => menuFor(currentUser(request).roles));
};

export default menuRoutes;
