import type { FastifyPluginAsync } from 'fastify';
import { terceiroContracts } from '@assoc/domain';
import { defineRoute } from '../../lib/define-route.js';
import { genericRegistries, type GenericRegistryName } from './registries.catalogue.js';
import { registerRegistry } from './registry.routes.js';
import { registerServiceRoutes } from './services.routes.js';

/** Registries (Cadastros, spec 3 §7): the generic list/add/update/delete calls, the services screen's and the third-party document check. */
const registriesRoutes: FastifyPluginAsync = async (app) => {
  const { registry, services, terceiros } = app.services.registries;
  for (const name of Object.keys(genericRegistries) as GenericRegistryName[]) {
    registerRegistry(app, genericRegistries[name].contracts, registry[name]);
  }
  registerServiceRoutes(app, services);
  defineRoute(app, terceiroContracts.checkDocument, async (request) =>
    terceiros.checkDocument(request.params.terId, request.params.terTipo, request.params.document),
  );
};

export default registriesRoutes;
