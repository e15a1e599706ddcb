import { genericMessages, type FollowUpItem, type FollowUpRecord, type FollowUpUpdate } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FollowUpRepository } from './follow-up.repository.js';

/** The audit category of a change made on /acompanhamento (a change from the member's tab is in the member's audit). */
export const FOLLOW_UP_AUDIT_CATEGORY = 'atendimentos';

export function createFollowUpService(deps: { db: Db; repo: FollowUpRepository }) {
  const { db, repo } = deps;

  /** The stored row a marked item names (404 when it is not one of this member's; 409 over a newer version). */
  async function storedRow(tx: Executor, cstId: number, item: FollowUpItem) {
    const row = await repo.lock(tx, item.atdId!, cstId);
    if (!row) throw notFound();
    if (item.version !== undefined && item.version !== row.version) throw conflict(genericMessages.staleRecord);
    return row;
  }

  return {
    /**
     * The member save's rows (spec 1 §4): insert adds a row with the current time and user (the client's are
     * ignored); update changes the editable fields; delete removes a saved row (an unsaved one, atdId absent or
     * negative, is simply dropped). Both name the version they read.
     */
    async applyMemberRows(tx: Executor, cstId: number, items: FollowUpItem[], actor: Actor) {
      for (const item of items) {
        const saved = item.atdId !== undefined && item.atdId > 0;
        if (item.operation === 'insert') await repo.insert(tx, cstId, item, actor);
        else if (item.operation === 'update' && saved) {
          await storedRow(tx, cstId, item);
          await repo.update(tx, item.atdId!, item);
        } else if (item.operation === 'delete' && saved) {
          await storedRow(tx, cstId, item);
          await repo.remove(tx, item.atdId!);
        }
      }
    },

    list: (status: number) => repo.byStatus(db, status),

    /** PUT acompanhamento/{atdId}: the whole record at the version read, audited. */
    async update(atdId: number, body: FollowUpUpdate, actor: Actor): Promise<FollowUpRecord> {
      return db.transaction(async (tx) => {
        const before = await repo.lock(tx, atdId);
        if (!before) throw notFound();
        if (before.version !== body.version) throw conflict(genericMessages.staleRecord);
        await repo.update(tx, atdId, body);
        const after = (await repo.lock(tx, atdId))!;
        await writeAudit(tx, {
          category: FOLLOW_UP_AUDIT_CATEGORY,
          ownerId: after.cstId,
          entityId: atdId,
          action: 'update',
          user: actor,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type FollowUpService = ReturnType<typeof createFollowUpService>;
