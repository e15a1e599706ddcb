import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { OutboxItem, OutboxQuery } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

/** The database or an open transaction: e-mails are written in the caller's transaction. */
export type DbExecutor = Pick<Db, 'insert' | 'execute'>;

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: number | null;
  cstId?: number | null;
}

/** Writes an e-mail to the outbox (decision 10); the mail worker sends it once the transaction commits. */
export async function enqueueEmail(db: DbExecutor, email: NewEmail): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ channel: 'email', to: email.to, subject: email.subject, text: email.text, html: email.html, userId: email.userId, cstId: email.cstId })
    .returning({ id: outbox.id });
  return row!.id;
}

export interface ClaimedEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
}

export function createMailRepository(db: Db) {
  return {
    /**
     * Claims due e-mails for one worker: pending ones whose time has come, and 'sending' ones whose
     * claim lapsed (a worker died mid-send). `for update skip locked` keeps two workers (or two API
     * instances) from claiming the same row; the claim counts as an attempt.
     */
    async claimDue(limit: number, claimSeconds: number): Promise<ClaimedEmail[]> {
      const result = await db.execute<ClaimedEmail & Record<string, unknown>>(sql`
        update outbox o
           set status = 'sending', attempts = o.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${claimSeconds})
         where o.id in (select id from outbox
                         where channel = 'email' and status in ('pending', 'sending') and next_attempt_at <= now()
                         order by next_attempt_at, id
                         limit ${limit}
                         for update skip locked)
        returning o.id, o."to", o.subject, o.text, o.html, o.attempts`);
      return result.rows;
    },

    async markSent(id: number) {
      await db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, id));
    },

    /** A failed attempt: back to pending after `retryInSeconds`, or failed for good when `final`. */
    async markAttemptFailed(id: number, error: string, final: boolean, retryInSeconds: number) {
      await db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: error.slice(0, 2000),
          nextAttemptAt: final ? sql`now()` : sql`now() + make_interval(secs => ${retryInSeconds})`,
        })
        .where(eq(outbox.id, id));
    },

    /** The outbox screen: newest first, optional status filter, one page. */
    async list(query: OutboxQuery): Promise<{ items: OutboxItem[]; total: number }> {
      const where = query.status ? eq(outbox.status, query.status) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(outbox).where(and(where)),
      ]);
      return {
        total: totals[0]?.n ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          text: r.text,
          status: r.status,
          attempts: r.attempts,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          nextAttemptAt: r.nextAttemptAt.toISOString(),
          userId: r.userId,
          cstId: r.cstId,
        })),
      };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
