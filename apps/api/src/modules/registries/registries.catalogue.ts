import type { Db } from '../../db/client.js';
import { assocCargosRegistry, forumCargosRegistry } from './cargos.registry.js';
import { extratoGroupRegistry } from './extratogroup.registry.js';
import { feriadosRegistry } from './feriados.registry.js';
import { createRegistryService } from './registry.service.js';
import type { RegistryDefinition } from './registry.types.js';
import { createServicesService } from './services.service.js';
import { templateRegistries } from './templates.registry.js';
import { terceirosRegistry } from './terceiros.registry.js';
import { createTerceirosService } from './terceiros.service.js';

/** Every registry of the generic pattern (one small definition file each), in the order their routes are registered. */
export const genericRegistries = {
  ...templateRegistries,
  extratogroup: extratoGroupRegistry,
  terceiros: terceirosRegistry,
  feriados: feriadosRegistry,
  forumcargos: forumCargosRegistry,
  assoccargos: assocCargosRegistry,
};

export type GenericRegistryName = keyof typeof genericRegistries;

/**
 * The registries' services, built once by the module's setup (`app.services.registries`): each generic
 * registry's service by name, the services screen's (suppliers → products → services) and the third
 * parties' document check.
 */
export function createRegistriesService(db: Db) {
  const registry = Object.fromEntries(
    Object.entries(genericRegistries).map(([name, def]) => [name, createRegistryService(def as RegistryDefinition, db)]),
  ) as Record<GenericRegistryName, ReturnType<typeof createRegistryService>>;
  return { registry, services: createServicesService(db), terceiros: createTerceirosService(db) };
}

export type RegistriesService = ReturnType<typeof createRegistriesService>;
