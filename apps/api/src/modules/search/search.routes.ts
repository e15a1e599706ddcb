import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { badRequest } from '../../lib/errors.js';
import { fastSerializer } from '../../lib/fast-serializer.js';
import { currentUser } from '../../plugins/app/auth.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';
import { personSuggestionSchema, searchHistoryItemSchema, searchRequestSchema } from '@assoc/domain';
import { memberIdParamsSchema } from './search.schema.js';


/** A one-field request answers with the rule's own message ('Digite pelo menos 3 caracteres'), no field prefix. */
const plainValidationMessage = (errors: ReadonlyArray<{ message?: string }>) => badRequest(errors[0]?.message ?? 'Dados inválidos');

/** Top-bar member search and the dashboard's view history (spec 1 §2, spec 3 §2.2-2.3). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSearchService({ repo: createSearchRepository(app.pool), feed: app.peopleIndex ?? undefined });

  app.post('/search', {
    config: { roles: ['v2search'] },
    schemaErrorFormatter: plainValidationMessage,
    // The busiest call of the app (each keystroke of the top bar).
    serializerCompiler: fastSerializer,
    schema: {
      tags: ['pesquisa'],
      summary: 'Pesquisa de pessoas: titulares, dependentes e terceiros por nome, CPF/CNPJ ou número interno',
      body: searchRequestSchema,
      response: { 200: z.array(personSuggestionSchema), 400: messageSchema },
    },
  }, async (request) => service.search(request.body.text, request.peopleVersion));

  app.get('/searchhistory', {
    config: { roles: ['v2access'] },
    schema: {
      tags: ['pesquisa'],
      summary: 'Pessoas abertas recentemente pelo usuário (mais recentes primeiro, até 20)',
      response: { 200: z.array(searchHistoryItemSchema) },
    },
  }, async (request) => service.history(currentUser(request).userId));

  app.get('/searchhistory/:cstId', {
    config: { roles: ['v2access'], xsrf: true },
    schemaErrorFormatter: plainValidationMessage,
    schema: {
      tags: ['pesquisa'],
      summary: 'Registra que o usuário abriu o associado e devolve o histórico atualizado',
      params: memberIdParamsSchema,
      response: { 200: z.array(searchHistoryItemSchema), 400: messageSchema, 404: messageSchema },
    },
  }, async (request) => service.recordView(currentUser(request).userId, request.params.cstId));
};

export default searchRoutes;
