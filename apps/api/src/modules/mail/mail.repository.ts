import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { dataMessages, type OutboxAttachment, type OutboxItem, type OutboxQuery } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { fileLinks, files, outbox } from '../../db/schema/index.js';

const EXPIRED_BEFORE_SENDING = 'Link expirado antes do envio; peça um novo.';

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: number | null;
  cstId?: number | null;
  /** A security e-mail: GET outbox shows its subject and state only. */
  sensitive?: boolean;
  /**
   * Placeholder → secret (e.g. '[link de redefinição]' → the reset link). The text and HTML hold the
   * placeholder; the sender puts the secret in at send time; the row forgets it once sent.
   */
  secrets?: Record<string, string>;
  /** The secrets (and an unsent e-mail) expire after this many minutes. */
  secretsMinutes?: number;
  /**
   * Files of the file store (`app.services.files.save`) sent as attachments, with their stored name and type.
   * They are linked to the outbox row (owner 'outbox') in the same statement as the row is written.
   */
  attachments?: readonly { fileId: string }[];
}

/** The owner kind of the file links that make a file an e-mail's attachment. */
export const OUTBOX_OWNER = 'outbox';

/** An attachment as the sender reads it (the file's record; the bytes are in the store under `storageKey`). */
export interface OutboxFile extends OutboxAttachment {
  outboxId: number;
  storageKey: string;
}

/** Writes an e-mail to the outbox (decision 10); the mail worker sends it once the transaction commits. */
export async function enqueueEmail(db: Executor, email: NewEmail): Promise<number> {
  const insert = db
    .insert(outbox)
    .values({
      channel: 'email',
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      userId: email.userId,
      cstId: email.cstId,
      sensitive: email.sensitive ?? false,
      secrets: email.secrets ?? null,
      secretsExpireAt: email.secrets && email.secretsMinutes ? sql`now() + make_interval(mins => ${email.secretsMinutes})` : null,
    })
    .returning({ id: outbox.id });
  const fileIds = [...new Set((email.attachments ?? []).map((a) => a.fileId))];
  if (fileIds.length === 0) return (await insert)[0]!.id;
  // One statement: the row and its attachment links are written together (an unknown file fails both), so an
  // e-mail never goes out without the files it was written with, with or without the caller's transaction.
  const result = await db.execute<{ id: number }>(sql`
    with o as (${insert.getSQL()}),
         l as (insert into file_links (owner_kind, owner_id, file_id)
               select ${OUTBOX_OWNER}, o.id::text, f.id from o, unnest(array[${sql.join(
                 fileIds.map((id) => sql`${id}::uuid`),
                 sql`, `,
               )}]) as f(id))
    select id from o`);
  return Number(result.rows[0]!.id);
}

/** The files linked to these outbox rows, in the order they were linked. */
async function attachmentsOf(db: Executor, outboxIds: number[]): Promise<OutboxFile[]> {
  if (outboxIds.length === 0) return [];
  const rows = await db
    .select({
      ownerId: fileLinks.ownerId,
      fileId: files.id,
      name: files.name,
      mimeType: files.mimeType,
      size: files.size,
      storageKey: files.storageKey,
    })
    .from(fileLinks)
    .innerJoin(files, eq(files.id, fileLinks.fileId))
    .where(and(eq(fileLinks.ownerKind, OUTBOX_OWNER), inArray(fileLinks.ownerId, outboxIds.map(String))))
    .orderBy(asc(fileLinks.createdAt), asc(files.name));
  return rows.map(({ ownerId, ...file }) => ({ outboxId: Number(ownerId), ...file }));
}

export interface ClaimedEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  secrets: Record<string, string> | null;
}

export function createMailRepository() {
  return {
    /** The attachments of these e-mails (the sender reads their bytes from the file store). */
    attachmentsOf: (db: Executor, outboxIds: number[]) => attachmentsOf(db, outboxIds),

    /**
     * Claims due e-mails for one worker: pending ones whose time has come, and 'sending' ones whose
     * claim lapsed (a worker died mid-send). `for update skip locked` keeps two workers (or two API
     * instances) from claiming the same row; the claim counts as an attempt.
     */
    async claimDue(db: Executor, limit: number, claimSeconds: number): Promise<ClaimedEmail[]> {
      const result = await db.execute<ClaimedEmail & Record<string, unknown>>(sql`
        update outbox o
           set status = 'sending', attempts = o.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${claimSeconds})
         where o.id in (select id from outbox
                         where channel = 'email' and status in ('pending', 'sending') and next_attempt_at <= now()
                           and (secrets_expire_at is null or secrets_expire_at > now())
                         order by next_attempt_at, id
                         limit ${limit}
                         for update skip locked)
        returning o.id, o."to", o.subject, o.text, o.html, o.attempts, o.secrets`);
      return result.rows;
    },

    /** Sent: the secrets are no longer needed by anyone. */
    async markSent(db: Executor, id: number) {
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, secrets: null })
        .where(eq(outbox.id, id));
    },

    /**
     * Secrets past their time are wiped; an e-mail not sent by then fails for good (its link would
     * no longer work). Answers how many rows it touched.
     */
    async expireSecrets(db: Executor): Promise<number> {
      const result = await db.execute(sql`
        update outbox
           set secrets = null,
               status = case when status in ('pending', 'sending') then 'failed' else status end,
               last_error = case when status in ('pending', 'sending') then ${EXPIRED_BEFORE_SENDING} else last_error end
         where secrets is not null and secrets_expire_at <= now()`);
      return result.rowCount ?? 0;
    },

    /** A failed attempt: back to pending after `retryInSeconds`, or failed for good when `final`. */
    async markAttemptFailed(db: Executor, id: number, error: string, final: boolean, retryInSeconds: number) {
      await db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: error.slice(0, 2000),
          ...(final ? { secrets: null } : {}),
          nextAttemptAt: final ? sql`now()` : sql`now() + make_interval(secs => ${retryInSeconds})`,
        })
        .where(eq(outbox.id, id));
    },

    /** The outbox screen: newest first, optional status filter, one page. */
    async list(db: Executor, query: OutboxQuery): Promise<{ items: OutboxItem[]; total: number }> {
      const where = query.status ? eq(outbox.status, query.status) : undefined;
      // Explicit columns: the secrets never leave the database through the API.
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: outbox.id,
            channel: outbox.channel,
            to: outbox.to,
            subject: outbox.subject,
            text: outbox.text,
            sensitive: outbox.sensitive,
            status: outbox.status,
            attempts: outbox.attempts,
            lastError: outbox.lastError,
            createdAt: outbox.createdAt,
            sentAt: outbox.sentAt,
            nextAttemptAt: outbox.nextAttemptAt,
            userId: outbox.userId,
            cstId: outbox.cstId,
          })
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(outbox).where(and(where)),
      ]);
      const attachments = await attachmentsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        total: totals[0]?.n ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          text: r.sensitive ? dataMessages.protectedContent : r.text,
          sensitive: r.sensitive,
          status: r.status,
          attempts: r.attempts,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          nextAttemptAt: r.nextAttemptAt.toISOString(),
          userId: r.userId,
          cstId: r.cstId,
          attachments: attachments
            .filter((a) => a.outboxId === r.id)
            .map((a) => ({ fileId: a.fileId, name: a.name, mimeType: a.mimeType, size: a.size })),
        })),
      };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
