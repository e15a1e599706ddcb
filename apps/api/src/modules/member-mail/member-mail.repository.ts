import { sql } from 'drizzle-orm';
import type { MemberMailItem, MemberMailTemplate } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { OUTBOX_OWNER } from '../mail/mail.repository.js';

/** How many of the member's e-mails the tab lists (newest first). */
const LIST_LIMIT = 200;

interface OutboxRow {
  id: number;
  to: string;
  subject: string;
  status: MemberMailItem['status'];
  sensitive: boolean;
  created_at: Date | string;
  sent_at: Date | string | null;
  last_error: string | null;
  text?: string;
  html?: string | null;
  user_id?: number | null;
}

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

export const itemFromRow = (row: OutboxRow): MemberMailItem => ({
  id: Number(row.id),
  to: row.to,
  subject: row.subject,
  status: row.status,
  sensitive: row.sensitive,
  createdAt: iso(row.created_at)!,
  sentAt: iso(row.sent_at),
  lastError: row.last_error,
});

/** The outbox rows of one member (e-mail channel; the secrets column is never read here) and the E-mail templates. */
export function createMemberMailRepository() {
  return {
    async list(db: Executor, cstId: number): Promise<OutboxRow[]> {
      const result = await db.execute<OutboxRow & Record<string, unknown>>(sql`
        select id, "to", subject, status, sensitive, created_at, sent_at, last_error from outbox
         where cst_id = ${cstId} and channel = 'email'
         order by created_at desc, id desc limit ${LIST_LIMIT}`);
      return result.rows;
    },

    async one(
      tx: Executor,
      cstId: number,
      id: number,
    ): Promise<(OutboxRow & { text: string; html: string | null; user_id: number | null }) | undefined> {
      const result = await tx.execute<OutboxRow & { text: string; html: string | null; user_id: number | null } & Record<string, unknown>>(sql`
        select id, "to", subject, status, sensitive, created_at, sent_at, last_error, text, html, user_id from outbox
         where id = ${id} and cst_id = ${cstId} and channel = 'email'`);
      return result.rows[0];
    },

    /** The files sent with an e-mail (a copy is sent with the same files). */
    async attachmentIds(tx: Executor, outboxId: number): Promise<string[]> {
      const result = await tx.execute<{ file_id: string }>(
        sql`select file_id::text as file_id from file_links where owner_kind = ${OUTBOX_OWNER} and owner_id = ${String(outboxId)} order by created_at`,
      );
      return result.rows.map((r) => r.file_id);
    },

    async member(tx: Executor, cstId: number) {
      const result = await tx.execute<{ cst_id: number; cust_name: string; cust_email: string | null; cust_treatment: string | null }>(
        sql`select cst_id, cust_name, cust_email, cust_treatment from customers where cst_id = ${cstId}`,
      );
      return result.rows[0];
    },

    async templates(db: Executor): Promise<MemberMailTemplate[]> {
      const result = await db.execute<{ em_id: number; em_name: string; em_description: string; em_data: string }>(sql`
        select em_id, em_name, em_description, em_data from message_templates
         where channel = 'email' and deleted_at is null order by em_name`);
      return result.rows.map((r) => ({ emID: Number(r.em_id), emName: r.em_name, emDescription: r.em_description, emData: r.em_data }));
    },

    async template(tx: Executor, emID: number): Promise<MemberMailTemplate | undefined> {
      const result = await tx.execute<{ em_id: number; em_name: string; em_description: string; em_data: string }>(sql`
        select em_id, em_name, em_description, em_data from message_templates
         where em_id = ${emID} and channel = 'email' and deleted_at is null`);
      const r = result.rows[0];
      return r && { emID: Number(r.em_id), emName: r.em_name, emDescription: r.em_description, emData: r.em_data };
    },

    /** One more use of the template (its emUses). */
    async countUse(tx: Executor, emID: number) {
      await tx.execute(sql`update message_templates set em_uses = em_uses + 1 where em_id = ${emID}`);
    },
  };
}

export type MemberMailRepository = ReturnType<typeof createMemberMailRepository>;
