import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ServicePlugin, SupplierItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { products, servicePlugins, services, suppliers } from '../../db/schema/index.js';
import { productsRegistry, servicesRegistry } from './services.registry.js';

type Row = Record<string, unknown>;

/** The services screen's reads beyond the generic registry's: the picker's list, one live record, a parent's children. */
export const servicesRepository = {
  /** GET fornecedores: the live suppliers (supId, supName, version), by name. */
  async supplierItems(db: Executor): Promise<SupplierItem[]> {
    return db
      .select({ supId: suppliers.supId, supName: suppliers.supName, version: suppliers.version })
      .from(suppliers)
      .where(isNull(suppliers.deletedAt))
      .orderBy(sql`${suppliers.supName} collate pt_br`, suppliers.supId);
  },

  async liveSupplier(db: Executor, supId: number): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.supId, supId), isNull(suppliers.deletedAt)));
    return row;
  },

  async liveProduct(db: Executor, sucId: number): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.sucId, sucId), isNull(products.deletedAt)));
    return row;
  },

  /** The live products of a supplier, in the registry's order. */
  async productsOf(db: Executor, supId: number): Promise<Row[]> {
    return db
      .select()
      .from(products)
      .where(and(eq(products.supId, supId), isNull(products.deletedAt)))
      .orderBy(...productsRegistry.orderBy);
  },

  /** The live services of a product, in the registry's order, each with its plugin (svcEditPlugin, null when none). */
  async servicesOf(db: Executor, sucId: number): Promise<Row[]> {
    return db
      .select({ ...getTableColumns(services), svcEditPlugin: servicePlugins.plugin })
      .from(services)
      .leftJoin(servicePlugins, eq(servicePlugins.svcId, services.svcId))
      .where(and(eq(services.sucId, sucId), isNull(services.deletedAt)))
      .orderBy(...servicesRegistry.orderBy);
  },

  /** A service's plugin (service_plugins, migration 0026), null when none. */
  async pluginOf(db: Executor, svcId: number): Promise<ServicePlugin | null> {
    const [row] = await db.select({ plugin: servicePlugins.plugin }).from(servicePlugins).where(eq(servicePlugins.svcId, svcId));
    return (row?.plugin as ServicePlugin | undefined) ?? null;
  },

  /** Sets (or, with null, clears) a service's plugin. */
  async savePlugin(db: Executor, svcId: number, plugin: ServicePlugin | null): Promise<void> {
    if (plugin === null) {
      await db.delete(servicePlugins).where(eq(servicePlugins.svcId, svcId));
      return;
    }
    await db.insert(servicePlugins).values({ svcId, plugin }).onConflictDoUpdate({ target: servicePlugins.svcId, set: { plugin } });
  },
};
