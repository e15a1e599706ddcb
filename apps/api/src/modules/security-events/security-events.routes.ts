import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { securityEventsPageSchema, securityEventsQuerySchema } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { createSecurityEventsRepository } from './security-events.repository.js';


/** Avançado → Eventos de segurança (issue 8 §10): superadmins read the security events and the access changes. */
const securityEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createSecurityEventsRepository(app.db);

  app.get('/security-events', {
    config: { roles: ['superadmin'] },
    // The filter's own pt-BR message, without the field path.
    schemaErrorFormatter: (errors) => badRequest(errors[0]?.message ?? 'Dados inválidos'),
    schema: {
      tags: ['segurança'],
      summary: 'Eventos de segurança (entradas, saídas, senhas, autenticador, sessões, acessos), mais recentes primeiro',
      querystring: securityEventsQuerySchema,
      response: { 200: securityEventsPageSchema, 400: messageSchema },
    },
  }, async (request) => {
    const { items, total } = await repo.list(request.query);
    return { items, total, page: request.query.page, pageSize: request.query.pageSize };
  });
};

export default securityEventsRoutes;
