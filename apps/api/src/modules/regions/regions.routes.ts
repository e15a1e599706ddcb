import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityOptionSchema, regionItemSchema, regionRecordSchema, ufOptionSchema, versionQuerySchema, withVersion } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { messageSchema } from '../../lib/reply-schemas.js';
import { idParamsSchema } from '../registries/registry.routes.js';
import { menuRolesOf, screenAccess } from '../../lib/define-route.js';
import { regionsRegistry } from './regions.registry.js';
import { createRegionsService } from './regions.service.js';

/**
 * The regions screen (spec 3 §7): the generic table on base regiao (GET regiao; POST regiao 200;
 * PUT and DELETE regiao/{id} 200), GET regiao/{id} (the region with its cities) and the options
 * GET regiao/uf and GET regiao/cidades/{uf}. The static paths win over regiao/:id in Fastify's router.
 */
const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRegionsService(app.db);
  const { read: readScreens, write: writeScreens } = regionsRegistry.screens;
  const read = { config: { roles: menuRolesOf(readScreens) }, onRequest: screenAccess(readScreens) };
  const write = { config: { roles: menuRolesOf(writeScreens) }, onRequest: screenAccess(writeScreens) };
  const tags = ['regioes'];
  const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
  const body = regionsRegistry.body;

  app.get('/regiao', {
    ...read, schema: { tags, summary: 'Lista de regiões (regionId, regionName), por nome', response: { 200: z.array(regionItemSchema) } },
  }, async () => service.list());

  app.get('/regiao/uf', {
    ...read, schema: { tags, summary: 'Opções de UF (uf, ufName), por sigla', response: { 200: z.array(ufOptionSchema) } },
  }, async () => service.ufs());

  app.get('/regiao/cidades/:uf', {
    ...read,
    schema: {
      tags, summary: 'Opções de cidade da UF (cityId = código IBGE, cityName), por nome; UF inexistente responde 404',
      params: z.object({ uf: z.string().trim().length(2).toUpperCase() }),
      response: { 200: z.array(cityOptionSchema), 400: messageSchema, 404: messageSchema },
    },
  }, async (request) => service.citiesOf(request.params.uf));

  app.get('/regiao/:id', {
    ...read,
    schema: { tags, summary: 'Uma região com as suas cidades (por UF e cidade)', params: idParamsSchema, response: { 200: regionRecordSchema, ...errors } },
  }, async (request) => service.get(request.params.id));

  app.post('/regiao', {
    ...write, schema: { tags, summary: 'Adiciona região (200, o registro com as cidades)', body, response: { 200: regionRecordSchema, ...errors } },
  }, async (request) => service.add(request.body, actorOf(request)));

  app.put('/regiao/:id', {
    ...write,
    schema: {
      tags,
      summary: 'Altera região na versão lida (409 se outro usuário alterou) e substitui as suas cidades (200, o registro); numa região apagada, também a recupera',
      params: idParamsSchema, body: withVersion(body), response: { 200: regionRecordSchema, ...errors },
    },
  }, async (request) => service.update(request.params.id, request.body, request.body.version, actorOf(request)));

  app.delete('/regiao/:id', {
    ...write,
    schema: {
      tags, summary: 'Apaga região na versão lida (?version=; 409 se outro usuário alterou; recuperável com PUT; 200, o registro apagado)',
      params: idParamsSchema, querystring: versionQuerySchema, response: { 200: regionRecordSchema, ...errors },
    },
  }, async (request) => service.remove(request.params.id, request.query.version, actorOf(request)));
};

export default regionsRoutes;
