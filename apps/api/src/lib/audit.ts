import type { Executor } from '../db/client.js';
import { audits } from '../db/schema/index.js';

export interface AuditEntry {
  /** What was changed: 'feriados', 'terceiros', 'templates:sms'… */
  category: string;
  /** The record the entity belongs to (a member for child lists); null for registries. */
  ownerId?: number | null;
  entityId: string | number;
  action: 'insert' | 'update' | 'delete' | 'restore';
  user: { userId: number; name: string };
  before: unknown;
  after: unknown;
}

const rowOf = (entry: AuditEntry) => ({
  category: entry.category,
  ownerId: entry.ownerId ?? null,
  entityId: String(entry.entityId),
  action: entry.action,
  userId: entry.user.userId,
  userName: entry.user.name.slice(0, 64),
  before: entry.before ?? null,
  after: entry.after ?? null,
});

/** Decision 4: who, when and the before/after data of a write; call it inside the write's transaction. */
export async function writeAudit(db: Executor, entry: AuditEntry) {
  await db.insert(audits).values(rowOf(entry));
}

/** Many audit rows in as few statements as the parameter limit allows (a batch writer's one row per record). */
export async function writeAudits(db: Executor, entries: readonly AuditEntry[]) {
  for (let i = 0; i < entries.length; i += 1000) await db.insert(audits).values(entries.slice(i, i + 1000).map(rowOf));
}
