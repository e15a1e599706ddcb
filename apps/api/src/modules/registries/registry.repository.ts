import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import type { RegistryDefinition } from './registry.types.js';

type Row = Record<string, unknown>;

/** SQL of one registry: the rows of its scope, soft delete, and the duplicate probes. */
export function createRegistryRepository(def: RegistryDefinition) {
  // Drizzle's generic table type does not carry column names; the definition's columns do.
  const table = def.table as PgTable & Record<string, never>;
  const scoped = (...conditions: Array<SQL | undefined>) => and(def.scope ? eq(def.scope.column, def.scope.value) : undefined, ...conditions);

  return {
    /** The live rows, in the registry's order. */
    async list(db: Executor): Promise<Row[]> {
      return (await db
        .select()
        .from(table)
        .where(scoped(isNull(def.deletedAt)))
        .orderBy(...def.orderBy)) as Row[];
    },

    /** One row (deleted or not), locked until the transaction ends. */
    async lock(db: Executor, id: number): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table)
        .where(scoped(eq(def.key, id)))
        .for('update');
      return row as Row | undefined;
    },

    /** Another live row matching a duplicate condition. */
    async findOther(db: Executor, condition: SQL, exceptId: number | null): Promise<boolean> {
      const [row] = await db
        .select({ id: def.key })
        .from(table)
        .where(scoped(isNull(def.deletedAt), condition, exceptId === null ? undefined : ne(def.key, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    async insert(db: Executor, values: Row): Promise<Row> {
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning();
      return row as Row;
    },

    /**
     * Writes the row only while it still has the version the client read, and bumps the version in
     * the same statement (decision 5): undefined when another write got there first. The WHERE is
     * the check, so two concurrent saves of one version cannot both succeed.
     */
    async update(db: Executor, id: number, values: Row, expectedVersion: number): Promise<Row | undefined> {
      const [row] = await db
        .update(table)
        .set({ ...values, version: sql`${def.version} + 1` } as never)
        .where(scoped(eq(def.key, id), eq(def.version, expectedVersion)))
        .returning();
      return row as Row | undefined;
    },
  };
}
