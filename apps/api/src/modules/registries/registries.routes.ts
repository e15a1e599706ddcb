import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { terceiroDocumentCheckSchema } from '@assoc/domain';
import { assocCargosRegistry, forumCargosRegistry } from './cargos.registry.js';
import { extratoGroupRegistry } from './extratogroup.registry.js';
import { feriadosRegistry } from './feriados.registry.js';
import { registerRegistry } from './registry.routes.js';
import { menuRolesOf, screenAccess } from '../../lib/define-route.js';
import type { RegistryDefinition } from './registry.types.js';
import { registerServiceRoutes } from './services.routes.js';
import { templateRegistries } from './templates.registry.js';
import { terceirosRegistry } from './terceiros.registry.js';
import { createTerceirosService } from './terceiros.service.js';

/** Every registry of the generic pattern; each is one small definition file. */
export const registries: RegistryDefinition[] = [
  ...templateRegistries,
  extratoGroupRegistry,
  terceirosRegistry,
  feriadosRegistry,
  forumCargosRegistry,
  assocCargosRegistry,
] as RegistryDefinition[];

/** Registries (Cadastros, spec 3 §7): the generic list/add/update/delete calls and the third-party document check. */
const registriesRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const def of registries) registerRegistry(app, def);
  registerServiceRoutes(app);

  const terceirosService = createTerceirosService(app.db);
  app.get('/process/terceiros/:terId/:terTipo/:document', {
    config: { roles: menuRolesOf(terceirosRegistry.screens.write) },
    onRequest: screenAccess(terceirosRegistry.screens.write),
    schema: {
      tags: ['cadastros'],
      summary: 'Confere o CPF/CNPJ de um terceiro: válido para o tipo e não usado por outro terceiro',
      params: z.object({ terId: z.coerce.number().int(), terTipo: z.coerce.number().int(), document: z.string().max(20) }),
      response: { 200: terceiroDocumentCheckSchema },
    },
  }, async (request) => terceirosService.checkDocument(request.params.terId, request.params.terTipo, request.params.document));
};

export default registriesRoutes;
