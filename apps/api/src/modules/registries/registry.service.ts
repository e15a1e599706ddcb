import { genericMessages, registryMessages as msg } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { transactionOr409 } from '../../lib/sql.js';
import type { RegistryDefinition } from './registry.types.js';
import { createRegistryRepository } from './registry.repository.js';

/**
 * Child rows saved with each record (a region's cities): checked and replaced inside the write's
 * transaction, and part of the record the writes answer and audit (before/after).
 */
export interface RegistryChildren<Input, Children extends Record<string, unknown>> {
  /** Refuses child input the body schema cannot judge (unknown ids…) by throwing an AppError. */
  check?(tx: Executor, input: Input): Promise<void>;
  /** Replaces the record's children with the input's. */
  save(tx: Executor, id: number, input: Input): Promise<void>;
  /** The record's children, as properties of the record ({ regioes: [...] }). */
  load(tx: Executor, id: number): Promise<Children>;
}

/**
 * The rules shared by every registry: duplicates refused, soft delete, recovery of a deleted row
 * through PUT, and an audit row (who, when, before/after) in the same transaction as each write.
 */
export function createRegistryService<D extends RegistryDefinition, C extends Record<string, unknown> = Record<never, never>>(
  def: D,
  db: Db,
  options: { children?: RegistryChildren<Parameters<D['toRow']>[0], C> } = {},
) {
  type Input = Parameters<D['toRow']>[0];
  type Rec = ReturnType<D['toRecord']>;
  /** What the writes answer and audit: the record plus its children, if any. */
  type Full = Rec & C;
  const repo = createRegistryRepository(def as RegistryDefinition);
  const { children } = options;
  const toRecord = (row: Record<string, unknown>) => def.toRecord(row) as Rec;
  const fullRecord = async (tx: Executor, row: Record<string, unknown>): Promise<Full> => {
    const record = toRecord(row);
    return (children ? { ...(record as object), ...(await children.load(tx, keyOf(record))) } : record) as Full;
  };

  async function assertUnique(tx: Executor, input: Input, exceptId: number | null) {
    for (const rule of def.unique) {
      if (await repo.findOther(tx, rule.matches(input), exceptId)) throw conflict(rule.message);
    }
  }

  /** Two writes that raced past the duplicate probe: the first rule's message. */
  const inTransaction = <T>(work: (tx: Executor) => Promise<T>) => transactionOr409(db, work, def.unique[0]?.message ?? msg.failed);

  return {
    async list(): Promise<Rec[]> {
      return (await repo.list(db)).map(toRecord);
    },

    async add(input: Input, actor: Actor): Promise<Full> {
      return inTransaction(async (tx) => {
        await children?.check?.(tx, input);
        await assertUnique(tx, input, null);
        const row = await repo.insert(tx, { ...def.toRow(input), ...scopeProperty() });
        await children?.save(tx, keyOf(toRecord(row)), input);
        const after = await fullRecord(tx, row);
        await writeAudit(tx, { category: def.category, entityId: keyOf(after), action: 'insert', user: actor, before: null, after });
        return after;
      });
    },

    /**
     * Saves a record read at `version`; on a deleted row it also recovers it (the restore of the
     * screen). A newer version on the row refuses the save with 409 and changes nothing (decision 5).
     */
    async update(id: number, input: Input, version: number, actor: Actor): Promise<Full> {
      return inTransaction(async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current) throw notFound(msg.notFound);
        const wasDeleted = current[deletedProperty()] != null;
        const before = await fullRecord(tx, current);
        // The version is judged first, by the UPDATE itself; a rule failing below rolls it back.
        const row = await repo.update(tx, id, { ...def.toRow(input), [deletedProperty()]: null }, version);
        if (!row) throw conflict(genericMessages.staleRecord);
        await children?.check?.(tx, input);
        await assertUnique(tx, input, id);
        await children?.save(tx, id, input);
        const after = await fullRecord(tx, row);
        await writeAudit(tx, {
          category: def.category,
          entityId: id,
          action: wasDeleted ? 'restore' : 'update',
          user: actor,
          before,
          after,
        });
        return after;
      });
    },

    /**
     * Soft delete of a record read at `version`: the row leaves the list and can be recovered with
     * PUT. Answers the deleted record with its new version, the one a restore must name.
     */
    async remove(id: number, version: number, actor: Actor): Promise<Full> {
      return inTransaction(async (tx) => {
        const current = await repo.lock(tx, id);
        if (!current) throw notFound(msg.notFound);
        if (current[deletedProperty()] != null) throw conflict(msg.alreadyDeleted);
        const row = await repo.update(tx, id, { [deletedProperty()]: new Date() }, version);
        if (!row) throw conflict(genericMessages.staleRecord);
        // The children stay: a recovery (PUT) brings the record back whole.
        const before = await fullRecord(tx, current);
        await writeAudit(tx, { category: def.category, entityId: id, action: 'delete', user: actor, before, after: null });
        return fullRecord(tx, row);
      });
    },
  };

  function keyOf(record: Rec): number {
    return (record as Record<string, number>)[def.keyField]!;
  }
  /** Property names of drizzle's rows (the TypeScript keys of the table's columns). */
  function deletedProperty() {
    return propertyOf(def.deletedAt);
  }
  function scopeProperty() {
    return def.scope ? { [propertyOf(def.scope.column)]: def.scope.value } : {};
  }
  function propertyOf(column: { name: string }) {
    const columns = def.table as unknown as Record<string, { name?: string }>;
    const found = Object.keys(columns).find((k) => columns[k] === column);
    if (!found) throw new Error(`column ${column.name} not in the registry's table`);
    return found;
  }
}

export type RegistryService = ReturnType<typeof createRegistryService>;
