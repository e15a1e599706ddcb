import { serviceMessages } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { createRegistryService } from './registry.service.js';
import type { RegistryDefinition } from './registry.types.js';
import { productsRegistry, servicesRegistry, suppliersRegistry } from './services.registry.js';
import { servicesRepository as repo } from './services.repository.js';

type Row = Record<string, unknown>;

/**
 * A level nested in its parent (products of a supplier, services of a product): the parent's live
 * records, and an add that first requires the live parent and then writes its key with the body.
 */
function nestedLevel<D extends RegistryDefinition, K extends string>(
  def: D,
  service: ReturnType<typeof createRegistryService<D>>,
  parent: { key: K; requireLive(id: number): Promise<unknown>; children(id: number): Promise<Row[]> },
) {
  type Input = Parameters<D['toRow']>[0];
  return {
    list: async (parentId: number) => (await parent.children(parentId)).map((row) => def.toRecord(row) as ReturnType<D['toRecord']>),
    add: async (parentId: number, input: Input, actor: Actor) => {
      await parent.requireLive(parentId);
      return service.add(Object.assign({ [parent.key]: parentId }, input), actor);
    },
  };
}

/**
 * The services screen (spec 3 §2.9, §7): suppliers → products → services on the generic registry
 * service (audit, soft delete, recovery with PUT), plus the reads of one live record and of a parent's children.
 */
export function createServicesService(db: Db) {
  const supplierService = createRegistryService(suppliersRegistry, db);
  const productService = createRegistryService(productsRegistry, db);
  // The service's plugin (spec 1 §3 svcEditPlugin) is saved with it, in the same transaction, and is part of the
  // record the writes answer and audit; a soft delete keeps it, so a recovery brings the service back whole.
  const serviceService = createRegistryService(servicesRegistry, db, {
    children: {
      save: (tx, svcId, input) => repo.savePlugin(tx, svcId, input.svcEditPlugin ?? null),
      load: async (tx, svcId) => ({ svcEditPlugin: await repo.pluginOf(tx, svcId) }),
    },
  });

  async function liveSupplier(supId: number) {
    const row = await repo.liveSupplier(db, supId);
    if (!row) throw notFound(serviceMessages.supplierNotFound);
    return suppliersRegistry.toRecord(row);
  }
  async function liveProduct(sucId: number) {
    const row = await repo.liveProduct(db, sucId);
    if (!row) throw notFound(serviceMessages.productNotFound);
    return productsRegistry.toRecord(row);
  }

  const productLevel = nestedLevel(productsRegistry, productService, {
    key: 'supId',
    requireLive: liveSupplier,
    children: (supId) => repo.productsOf(db, supId),
  });
  const serviceLevel = nestedLevel(servicesRegistry, serviceService, {
    key: 'sucId',
    requireLive: liveProduct,
    children: (sucId) => repo.servicesOf(db, sucId),
  });

  return {
    suppliers: { ...supplierService, items: () => repo.supplierItems(db), get: liveSupplier },
    products: { ...productService, get: liveProduct, listOf: productLevel.list, addTo: productLevel.add },
    services: { ...serviceService, listOf: serviceLevel.list, addTo: serviceLevel.add },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
