import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  dataMessages,
  toBrazilianE164,
  type OutboxAttachment,
  type OutboxChannel,
  type OutboxItem,
  type OutboxQuery,
  type ProviderAnswer,
  type WhatsappTemplate,
} from '@assoc/domain';
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

/** An e-mail's outbox row (`enqueueEmail` and `enqueueEmails` write the same). */
function emailRow(email: NewEmail) {
  return {
    channel: 'email' as const,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    userId: email.userId,
    cstId: email.cstId,
    sensitive: email.sensitive ?? false,
    secrets: email.secrets ?? null,
    secretsExpireAt: email.secrets && email.secretsMinutes ? sql`now() + make_interval(mins => ${email.secretsMinutes})` : null,
  };
}

/** Writes an e-mail to the outbox (decision 10); the mail worker sends it once the transaction commits. */
export async function enqueueEmail(db: Executor, email: NewEmail): Promise<number> {
  const insert = db.insert(outbox).values(emailRow(email)).returning({ id: outbox.id });
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

/**
 * Many e-mails at once (a document job's batch), each as `enqueueEmail` writes it, its attachments linked in the same
 * statement: the ids answered in the order given (taken from the outbox's sequence first, so each row keeps its place).
 */
export async function enqueueEmails(db: Executor, emails: readonly NewEmail[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('outbox', 'id'))::int as id from generate_series(1, ${emails.length})`,
  );
  const ids = rows.map((r) => Number(r.id));
  const values = emails.map((email, i) => ({ id: ids[i]!, ...emailRow(email) }));
  const links = emails.flatMap((email, i) =>
    [...new Set((email.attachments ?? []).map((a) => a.fileId))].map((fileId) => ({ ownerKind: OUTBOX_OWNER, ownerId: String(ids[i]), fileId })),
  );
  const insert = db.insert(outbox).values(values);
  if (links.length === 0) await insert;
  // One statement: the rows and their attachment links together (an unknown file fails both).
  else await db.execute(sql`with o as (${insert.getSQL()}) ${db.insert(fileLinks).values(links).getSQL()}`);
  return ids;
}

/**
 * An SMS or a WhatsApp message for the outbox (decision 10), sent by the configured provider adapter; or a plain-text
 * e-mail written in bulk with them (a Marketing campaign), sent by the mail worker.
 */
export type NewMessage = {
  /** A Brazilian mobile number as typed or stored; kept in E.164 (+55…) when it is one, else as given (it then fails). */
  to: string;
  /** The filled text (the SMS itself; for WhatsApp what the template says, shown on the outbox screen). */
  text: string;
  userId?: number | null;
  cstId?: number | null;
  /** Placeholder → secret put into the text (and the WhatsApp parameters) at send time only; see NewEmail. */
  secrets?: Record<string, string>;
  secretsMinutes?: number;
} & (
  | { channel: 'email'; subject: string }
  | { channel: 'sms' }
  /** WhatsApp: the Cloud API delivers only approved templates (`whatsappTemplateOf` builds one from the registry). */
  | { channel: 'whatsapp'; template: WhatsappTemplate }
);

/** Rows per INSERT of `enqueueMessages` (a campaign queues thousands at once). */
const MESSAGE_CHUNK = 1000;

/**
 * Writes SMS and WhatsApp messages to the outbox in the caller's transaction (or the database), a thousand rows per
 * statement; answers their ids. Sent by the configured provider adapters once it commits.
 */
export async function enqueueMessages(db: Executor, messages: readonly NewMessage[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < messages.length; i += MESSAGE_CHUNK) {
    const rows = messages.slice(i, i + MESSAGE_CHUNK).map((message) => {
      const template = message.channel === 'whatsapp' ? message.template : null;
      return {
        channel: message.channel,
        to: message.channel === 'email' ? message.to : (toBrazilianE164(message.to) ?? message.to),
        subject: message.channel === 'email' ? message.subject : (template?.name ?? ''),
        text: message.text,
        template,
        userId: message.userId,
        cstId: message.cstId,
        secrets: message.secrets ?? null,
        secretsExpireAt: message.secrets && message.secretsMinutes ? sql`now() + make_interval(mins => ${message.secretsMinutes})` : null,
      };
    });
    const inserted = await db.insert(outbox).values(rows).returning({ id: outbox.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Writes one SMS or WhatsApp message to the outbox in the caller's transaction (or the database). */
export async function enqueueMessage(db: Executor, message: NewMessage): Promise<number> {
  return (await enqueueMessages(db, [message]))[0]!;
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

/** A claimed outbox row of any channel (the name is from when the sender sent e-mail only). */
export interface ClaimedEmail {
  id: number;
  channel: OutboxChannel;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attempts: number;
  secrets: Record<string, string> | null;
  template: WhatsappTemplate | null;
}

/** What the sender records of a provider's answer (SMS and WhatsApp). */
export interface ProviderRecord {
  provider: string;
  providerMessageId?: string | null;
  answer: ProviderAnswer;
}

export function createMailRepository() {
  return {
    /** The attachments of these e-mails (the sender reads their bytes from the file store). */
    attachmentsOf: (db: Executor, outboxIds: number[]) => attachmentsOf(db, outboxIds),

    /**
     * Claims due messages of these channels (those with a sender) for one worker: pending ones whose time has
     * come, and 'sending' ones whose claim lapsed (a worker died mid-send). `for update skip locked` keeps two
     * workers (or two API instances) from claiming the same row; the claim counts as an attempt.
     */
    async claimDue(db: Executor, channels: readonly OutboxChannel[], limit: number, claimSeconds: number): Promise<ClaimedEmail[]> {
      if (channels.length === 0) return [];
      const result = await db.execute<ClaimedEmail & Record<string, unknown>>(sql`
        update outbox o
           set status = 'sending', attempts = o.attempts + 1,
               next_attempt_at = now() + make_interval(secs => ${claimSeconds})
         where o.id in (select id from outbox
                         where channel in (${sql.join(
                           channels.map((c) => sql`${c}`),
                           sql`, `,
                         )}) and status in ('pending', 'sending') and next_attempt_at <= now()
                           and (secrets_expire_at is null or secrets_expire_at > now())
                         order by next_attempt_at, id
                         limit ${limit}
                         for update skip locked)
        returning o.id, o.channel, o."to", o.subject, o.text, o.html, o.attempts, o.secrets, o.template`);
      return result.rows;
    },

    /** Sent (for SMS and WhatsApp: accepted by the provider, with its id): the secrets are no longer needed by anyone. */
    async markSent(db: Executor, id: number, provider?: ProviderRecord) {
      await db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lastError: null,
          secrets: null,
          ...(provider
            ? { provider: provider.provider, providerMessageId: provider.providerMessageId ?? null, providerAnswer: provider.answer }
            : {}),
        })
        .where(eq(outbox.id, id));
    },

    /**
     * Claimed but not tried (the provider asked to wait): back to pending after `retryInSeconds`, the claim's
     * attempt given back.
     */
    async release(db: Executor, ids: number[], retryInSeconds: number) {
      if (ids.length === 0) return;
      await db
        .update(outbox)
        .set({
          status: 'pending',
          attempts: sql`greatest(${outbox.attempts} - 1, 0)`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
        })
        .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sending')));
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
    async markAttemptFailed(db: Executor, id: number, error: string, final: boolean, retryInSeconds: number, provider?: ProviderRecord) {
      await db
        .update(outbox)
        .set({
          status: final ? 'failed' : 'pending',
          lastError: error.slice(0, 2000),
          ...(provider ? { provider: provider.provider, providerAnswer: provider.answer } : {}),
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
            provider: outbox.provider,
            providerMessageId: outbox.providerMessageId,
            providerAnswer: outbox.providerAnswer,
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
          provider: r.provider,
          providerMessageId: r.providerMessageId,
          providerAnswer: r.providerAnswer,
        })),
      };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
