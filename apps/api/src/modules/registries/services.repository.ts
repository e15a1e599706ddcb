import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SupplierItem } from '@assoc/domain';
import type { Executor } from '../../lib/audit.js';
import { products, services, suppliers } from '../../db/schema/index.js';
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

  /** The live services of a product, in the registry's order. */
  async servicesOf(db: Executor, sucId: number): Promise<Row[]> {
    return db
      .select()
      .from(services)
      .where(and(eq(services.sucId, sucId), isNull(services.deletedAt)))
      .orderBy(...servicesRegistry.orderBy);
  },
};
