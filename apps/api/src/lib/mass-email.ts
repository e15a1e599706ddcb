import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { Actor } from './actor.js';
import type { DocumentEmailTo, DocumentRecipient, EmailedDocument, EmailTemplate } from '../modules/documents/documents.email.js';

/** Which mass e-mail (`celular-email`, `declaracaosaude-email:21`), for which period, from which job. */
export interface MassEmailKey {
  kind: string;
  period: string;
  jobId: string;
}

/**
 * One holder's e-mail of a mass job (issue 30 item 1), at most once per kind, period and holder: the row of
 * `mass_emails` (migration 0053) is inserted in the transaction that stores the attachment and queues the outbox row
 * (documents.emailTo's `before`), so a second run or a retry after a crash queues nothing again, and a transaction cut
 * short leaves neither. Answers true when this call queued the e-mail.
 */
export async function emailOnce(
  emailTo: DocumentEmailTo,
  key: MassEmailKey,
  recipient: DocumentRecipient,
  document: () => Promise<EmailedDocument>,
  template: EmailTemplate,
  actor: Actor,
): Promise<boolean> {
  // Callers skip the holders `alreadyEmailed` names before rendering; the key decides in the transaction.
  const doc = await document();
  const outboxId = await emailTo(recipient, doc, template, {
    actor,
    before: async (tx) => {
      const inserted = await tx.execute(sql`
        insert into mass_emails (kind, period, cst_id, job_id) values (${key.kind}, ${key.period}, ${recipient.cstId}, ${key.jobId})
        on conflict do nothing returning cst_id`);
      return inserted.rows.length === 1;
    },
    after: async (tx, id) => {
      await tx.execute(sql`
        update mass_emails set outbox_id = ${id} where kind = ${key.kind} and period = ${key.period} and cst_id = ${recipient.cstId}`);
    },
  });
  return outboxId !== null;
}

/** The holders of `cstIds` already e-mailed for this kind and period (skipped before rendering anything). */
export async function alreadyEmailed(db: Executor, kind: string, period: string, cstIds: readonly number[]): Promise<Set<number>> {
  if (cstIds.length === 0) return new Set();
  const { rows } = await db.execute<{ cstId: number }>(sql`
    select cst_id as "cstId" from mass_emails
     where kind = ${kind} and period = ${period} and cst_id = any(${sql.raw(`array[${cstIds.map(Number).join(',')}]::int[]`)})`);
  return new Set(rows.map((r) => r.cstId));
}
