import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxPageSchema, outboxQuerySchema } from '@assoc/domain';
import { createMailRepository } from './mail.repository.js';

/** The outbox screen (decision 10): superadmins see every message and its delivery state. */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createMailRepository(app.db);

  app.get('/outbox', {
    config: { roles: ['superadmin'] },
    schema: {
      tags: ['e-mail'],
      summary: 'Caixa de saída: mensagens mais recentes primeiro, filtro por situação, paginada',
      querystring: outboxQuerySchema,
      response: { 200: outboxPageSchema },
    },
  }, async (request) => {
    const { items, total } = await repo.list(request.query);
    return { items, total, page: request.query.page, pageSize: request.query.pageSize };
  });
};

export default mailRoutes;
