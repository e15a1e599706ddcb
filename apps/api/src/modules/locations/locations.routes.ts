import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  circunscricaoListSchema, circunscricaoRecordSchema, circunscricaoSchema, comarcaRecordSchema, comarcaSchema, coordinatorOptionSchema,
  coordinatorQuerySchema, forumRecordSchema, forumSchema, localRecordSchema, localSchema, versionQuerySchema, withVersion,
} from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { messageSchema } from '../../lib/reply-schemas.js';
import { menuRolesOf, screenAccess } from '../../lib/define-route.js';
import { createLocationsService } from './locations.service.js';

const SCREENS = ['/localizacao'] as const;
const id = z.coerce.number().int().min(1);
const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ['localizacao'];

/**
 * Location administration (spec 3 §2.12, §7): circunscrições, comarcas, fóruns and the locals of a
 * forum, plus the coordinator choices. Every call needs the roles of /localizacao.
 */
const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createLocationsService(app.db);
  const access = { config: { roles: menuRolesOf(SCREENS) }, onRequest: screenAccess(SCREENS) };

  // Circunscrições --------------------------------------------------------------------------------

  app.get('/circunscricao', {
    ...access,
    schema: { tags, summary: 'Circunscrições (cirs) e as escolhas de RAJ (rajs: regiões ativas)', response: { 200: circunscricaoListSchema } },
  }, async () => service.circunscricoes.listWithRajs());

  app.get('/circunscricao/:cirId', {
    ...access,
    schema: { tags, summary: 'Uma circunscrição', params: z.object({ cirId: id }), response: { 200: circunscricaoRecordSchema, ...errors } },
  }, async (request) => service.circunscricoes.get(request.params.cirId));

  app.put('/circunscricao/:cirId', {
    ...access,
    schema: {
      tags, summary: 'Altera circunscrição na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais abaixo dela',
      params: z.object({ cirId: id }), body: withVersion(circunscricaoSchema), response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    await service.circunscricoes.update(request.params.cirId, request.body, request.body.version, actorOf(request));
    return reply.code(204).send(null);
  });

  app.post('/circunscricao', {
    ...access,
    schema: { tags, summary: 'Adiciona circunscrição (200, o registro com cirId)', body: circunscricaoSchema, response: { 200: circunscricaoRecordSchema, ...errors } },
  }, async (request) => service.circunscricoes.add(request.body, actorOf(request)));

  // Comarcas -------------------------------------------------------------------------------------

  app.get('/comarcas/all/:cirId', {
    ...access,
    schema: { tags, summary: 'Comarcas de uma circunscrição', params: z.object({ cirId: id }), response: { 200: z.array(comarcaRecordSchema), ...errors } },
  }, async (request) => service.comarcas.list(request.params.cirId));

  app.get('/comarcas/:comId', {
    ...access,
    schema: { tags, summary: 'Uma comarca', params: z.object({ comId: id }), response: { 200: comarcaRecordSchema, ...errors } },
  }, async (request) => service.comarcas.get(request.params.comId));

  app.put('/comarcas/:comId', {
    ...access,
    schema: {
      tags, summary: 'Altera comarca na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais abaixo dela',
      params: z.object({ comId: id }), body: withVersion(comarcaSchema), response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    await service.comarcas.update(request.params.comId, request.body, request.body.version, actorOf(request));
    return reply.code(204).send(null);
  });

  app.post('/comarcas/:cirId', {
    ...access,
    schema: {
      tags, summary: 'Adiciona comarca à circunscrição (200, o registro)', params: z.object({ cirId: id }), body: comarcaSchema,
      response: { 200: comarcaRecordSchema, ...errors },
    },
  }, async (request) => service.comarcas.add(request.body, actorOf(request), request.params.cirId));

  // Fóruns ---------------------------------------------------------------------------------------

  app.get('/forums/all/:comId', {
    ...access,
    schema: { tags, summary: 'Fóruns de uma comarca', params: z.object({ comId: id }), response: { 200: z.array(forumRecordSchema), ...errors } },
  }, async (request) => service.forums.list(request.params.comId));

  app.get('/forums/:apfId', {
    ...access,
    schema: { tags, summary: 'Um fórum', params: z.object({ apfId: id }), response: { 200: forumRecordSchema, ...errors } },
  }, async (request) => service.forums.get(request.params.apfId));

  app.put('/forums/:apfId', {
    ...access,
    schema: {
      tags, summary: 'Altera fórum na versão lida (204; 409 se outro usuário alterou); coordenadores informados passam a todos os locais do fórum',
      params: z.object({ apfId: id }), body: withVersion(forumSchema), response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    await service.forums.update(request.params.apfId, request.body, request.body.version, actorOf(request));
    return reply.code(204).send(null);
  });

  app.post('/forums/:comId', {
    ...access,
    schema: {
      tags, summary: 'Adiciona fórum à comarca (200, o registro)', params: z.object({ comId: id }), body: forumSchema,
      response: { 200: forumRecordSchema, ...errors },
    },
  }, async (request) => service.forums.add(request.body, actorOf(request), request.params.comId));

  // Locais ---------------------------------------------------------------------------------------

  app.get('/local/id/:apfId/:refreshCounter', {
    ...access,
    schema: {
      tags, summary: 'Locais ativos de um fórum (refreshCounter só evita o cache do cliente)',
      params: z.object({ apfId: id, refreshCounter: z.coerce.number().int().min(0) }),
      response: { 200: z.array(localRecordSchema), ...errors },
    },
  }, async (request) => service.locals.list(request.params.apfId));

  app.post('/local/:apfId', {
    ...access,
    schema: {
      tags, summary: 'Adiciona local ao fórum (200, o registro); começa com os coordenadores do nível mais próximo acima',
      params: z.object({ apfId: id }), body: localSchema, response: { 200: localRecordSchema, ...errors },
    },
  }, async (request) => service.locals.add(request.params.apfId, request.body, actorOf(request)));

  app.put('/local', {
    ...access,
    schema: {
      tags, summary: 'Altera local na versão lida; a chave locId e a version vão no corpo (200, o registro; 409 se outro usuário alterou); num local apagado, também o recupera',
      body: withVersion(localSchema), response: { 200: localRecordSchema, ...errors },
    },
  }, async (request) => service.locals.update(request.body, request.body.version, actorOf(request)));

  app.delete('/local/:locId', {
    ...access,
    schema: {
      tags, summary: 'Apaga local na versão lida (?version=; 200, o registro apagado; recuperável com PUT local; 409 se outro usuário alterou)',
      params: z.object({ locId: id }), querystring: versionQuerySchema, response: { 200: localRecordSchema, ...errors },
    },
  }, async (request) => service.locals.remove(request.params.locId, request.query.version, actorOf(request)));

  // Coordenadores ----------------------------------------------------------------------------------

  app.get('/coordenadores', {
    ...access,
    schema: {
      tags, summary: 'Escolhas de coordenador: até 20 magistrados titulares (M, N, H, J) cujo nome contém o texto q',
      querystring: coordinatorQuerySchema, response: { 200: z.array(coordinatorOptionSchema), ...errors },
    },
  }, async (request) => service.searchCoordinators(request.query.q));
};

export default locationsRoutes;
