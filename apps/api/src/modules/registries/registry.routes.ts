import type { FastifyInstance } from 'fastify';
import type { RegistryContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import type { RegistryService } from './registry.service.js';

/** GET/POST {path}, PUT/DELETE {path}/:id of one registry: its domain contracts onto its service. */
export function registerRegistry(app: FastifyInstance, contracts: RegistryContracts, service: RegistryService) {
  // Only the four generic calls: a registry's group may hold its own calls besides (terceiros' document check).
  const { list, add, update, remove } = contracts;
  defineRoutes(
    app,
    { list, add, update, remove },
    {
      list: async () => service.list(),
      add: async (request) => service.add(request.body, actorOf(request)),
      update: async (request) => service.update(request.params.id, request.body, request.body.version, actorOf(request)),
      remove: async (request) => service.remove(request.params.id, request.query.version, actorOf(request)),
    },
  );
}
