import { and, eq, sql } from 'drizzle-orm';
import { statementEntries } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';

/** What an earlier credit of an idempotency key wrote: its holder, entry and request fingerprint (null before issue 22). */
export interface PriorCredit {
  cstId: number;
  extId: number;
  requestHash: string | null;
}

/** SQL of the credit's idempotency (the entry itself goes through the ledger service). */
export function createCreditRepository() {
  return {
    /** Serialises the credits of one key across instances until the transaction ends. */
    async lockKey(tx: Executor, key: string) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credito:${key}`}))`);
    },

    /**
     * The credit already written for this key: by its audit row (any holder: a key names one request), else by the
     * holder's ledger entry of the key (a credit audited before the fingerprint was kept).
     */
    async prior(db: Executor, key: string, cstId: number): Promise<PriorCredit | null> {
      const audited = await db.execute<{ cstId: number; extId: string; requestHash: string | null }>(
        sql`select owner_id as "cstId", entity_id as "extId", after->>'requestHash' as "requestHash"
              from audits where category = 'credito' and after->>'creditoKey' = ${key} order by audit_id limit 1`,
      );
      const row = audited.rows[0];
      if (row) return { cstId: row.cstId, extId: Number(row.extId), requestHash: row.requestHash };
      const [found] = await db
        .select({ extId: statementEntries.extId })
        .from(statementEntries)
        .where(and(eq(statementEntries.cstId, cstId), eq(statementEntries.extKey, `credito:${key}`)))
        .limit(1);
      return found ? { cstId, extId: found.extId, requestHash: null } : null;
    },
  };
}

export type CreditRepository = ReturnType<typeof createCreditRepository>;
