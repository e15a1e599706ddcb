import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { versionQuerySchema, withVersion } from '@assoc/domain';
import { menuRolesOf, screenAccess } from '../../lib/define-route.js';
import { actorOf } from '../../lib/actor.js';
import { messageSchema } from '../../lib/reply-schemas.js';
import type { RegistryDefinition } from './registry.types.js';
import { createRegistryService } from './registry.service.js';

export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

/** GET/POST {path}, PUT/DELETE {path}/:id of one registry definition. */
export function registerRegistry(api: FastifyInstance, def: RegistryDefinition) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = createRegistryService(def, app.db);
  const read = { config: { roles: menuRolesOf(def.screens.read) }, onRequest: screenAccess(def.screens.read) };
  const write = { config: { roles: menuRolesOf(def.screens.write) }, onRequest: screenAccess(def.screens.write) };
  const tags = [def.tag];
  const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

  app.get(`/${def.path}`, {
    ...read,
    schema: { tags, summary: `Lista de ${def.noun}`, response: { 200: z.array(def.record) } },
  }, async () => service.list());

  app.post(`/${def.path}`, {
    ...write,
    schema: { tags, summary: `Adiciona ${def.noun} (responde o registro)`, body: def.body, response: { 200: def.record, ...errors } },
  }, async (request) => service.add(request.body, actorOf(request)));

  app.put(`/${def.path}/:id`, {
    ...write,
    schema: {
      tags, summary: `Altera ${def.noun} na versão lida (409 se outro usuário alterou); num registro apagado, também o recupera`,
      params: idParamsSchema, body: withVersion(def.body), response: { 200: def.record, ...errors },
    },
  }, async (request) => service.update(request.params.id, request.body, request.body.version, actorOf(request)));

  app.delete(`/${def.path}/:id`, {
    ...write,
    schema: {
      tags, summary: `Apaga ${def.noun} na versão lida (?version=; 409 se outro usuário alterou; recuperável com PUT)`,
      params: idParamsSchema, querystring: versionQuerySchema, response: { 200: def.record, ...errors },
    },
  }, async (request) => service.remove(request.params.id, request.query.version, actorOf(request)));

  return service;
}
