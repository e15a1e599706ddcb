import type { FastifyPluginAsync } from 'fastify';
import { regionContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';

/**
 * The regions screen (spec 3 §7, regionContracts): the generic table on base regiao, GET regiao/{id} (the
 * region with its cities) and the options GET regiao/uf and GET regiao/cidades/{uf}.
 */
const regionsRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.regions;
  defineRoutes(app, regionContracts, {
    list: async () => service.list(),
    ufs: async () => service.ufs(),
    cities: async (request) => service.citiesOf(request.params.uf),
    get: async (request) => service.get(request.params.id),
    add: async (request) => service.add(request.body, actorOf(request)),
    update: async (request) => service.update(request.params.id, request.body, request.body.version, actorOf(request)),
    remove: async (request) => service.remove(request.params.id, request.query.version, actorOf(request)),
  });
};

export default regionsRoutes;
