import { sql, type SQL } from 'drizzle-orm';
import type { Campaign, CampaignRecipient, CampaignTemplates, MessageChannel, SkipReason } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { timestampOf } from '../../lib/sql.js';

/** A member of a campaign's set, with what the routing and the placeholders need. */
export interface CampaignMemberRow {
  cstId: number;
  name: string;
  treatment: string | null;
  email: string | null;
  celularDdd: string | null;
  celular: string | null;
  comunicacao: number | null;
  recusa: boolean;
}

export interface TemplateRow {
  id: number;
  channel: MessageChannel;
  name: string;
  description: string;
  text: string;
}

export interface CampaignRow {
  id: number;
  name: string;
  filterId: number | null;
  filterName: string;
  query: unknown;
  channel: Campaign['channel'];
  templates: CampaignTemplates;
  status: Campaign['status'];
  createdBy: number | null;
  createdByName: string;
  createdAt: Date;
  finishedAt: Date | null;
  jobId: string | null;
  counts: Campaign['counts'];
}

/** A recipient row as the job writes it (outcome 'enviado' with its outbox row, or a skip reason). */
export interface NewRecipient {
  cstId: number;
  channel: MessageChannel | null;
  outcome: 'enviado' | SkipReason;
  to: string | null;
}

const CAMPAIGN_COLUMNS = sql`c.id, c.name, c.filter_id, c.filter_name, c.query, c.channel, c.templates, c.status, c.created_by,
  c.created_by_name, c.created_at, c.finished_at, c.job_id,
  coalesce(k.queued, 0) as queued, coalesce(k.sent, 0) as sent, coalesce(k.failed, 0) as failed, coalesce(k.skipped, 0) as skipped`;

/** The counts of each campaign: queued (with outbox state) and skipped. */
const COUNTS = sql`left join lateral (
  select count(*) filter (where r.outcome = 'enviado')::int as queued,
         count(*) filter (where o.status = 'sent')::int as sent,
         count(*) filter (where o.status = 'failed')::int as failed,
         count(*) filter (where r.outcome <> 'enviado')::int as skipped
    from campaign_recipients r left join outbox o on o.id = r.outbox_id
   where r.campaign_id = c.id) k on true`;

function campaignOf(row: Record<string, unknown>): CampaignRow {
  const queued = Number(row.queued);
  const sent = Number(row.sent);
  const failed = Number(row.failed);
  return {
    id: Number(row.id),
    name: String(row.name),
    filterId: row.filter_id == null ? null : Number(row.filter_id),
    filterName: String(row.filter_name),
    query: row.query,
    channel: row.channel as Campaign['channel'],
    templates: row.templates as CampaignTemplates,
    status: row.status as Campaign['status'],
    createdBy: row.created_by == null ? null : Number(row.created_by),
    createdByName: String(row.created_by_name),
    createdAt: timestampOf(row.created_at),
    finishedAt: row.finished_at == null ? null : timestampOf(row.finished_at),
    jobId: row.job_id == null ? null : String(row.job_id),
    counts: { queued, sent, failed, pending: queued - sent - failed, skipped: Number(row.skipped) },
  };
}

/** Marketing's SQL (issue 29 item 2): campaigns, their recipients, the members of a filter's set, the templates. */
export function createMarketingRepository() {
  return {
    /** The templates of the three registries (not deleted), by channel and name. */
    async templates(db: Executor): Promise<TemplateRow[]> {
      const result = await db.execute<{ em_id: number; channel: MessageChannel; em_name: string; em_description: string; em_data: string }>(sql`
        select em_id, channel, em_name, em_description, em_data from message_templates
         where deleted_at is null and channel in ('email', 'sms', 'whatsapp') order by channel, upper(em_name)`);
      return result.rows.map((r) => ({ id: r.em_id, channel: r.channel, name: r.em_name, description: r.em_description, text: r.em_data }));
    },

    /** The members of a filter's set (`membersMatching`), by cstId; `limit` for a preview's first ones. */
    async members(db: Executor, set: SQL): Promise<CampaignMemberRow[]> {
      const result = await db.execute<Record<string, unknown>>(sql`
        select m.cst_id, m.cust_name, m.cust_treatment, m.cust_email, m.cust_celular_ddd, m.cust_celular, m.cust_comunicacao,
               m.cust_recusa_campanhas
          from customers m where m.cst_id in (${set}) order by m.cst_id`);
      return result.rows.map((r) => ({
        cstId: Number(r.cst_id),
        name: String(r.cust_name ?? ''),
        treatment: (r.cust_treatment as string | null) ?? null,
        email: (r.cust_email as string | null) ?? null,
        celularDdd: (r.cust_celular_ddd as string | null) ?? null,
        celular: (r.cust_celular as string | null) ?? null,
        comunicacao: r.cust_comunicacao == null ? null : Number(r.cust_comunicacao),
        recusa: r.cust_recusa_campanhas === true,
      }));
    },

    /** A campaign by the user's idempotency key. */
    async byKey(db: Executor, userId: number, key: string): Promise<CampaignRow | null> {
      const result = await db.execute<Record<string, unknown>>(
        sql`select ${CAMPAIGN_COLUMNS} from campaigns c ${COUNTS} where c.created_by = ${userId} and c.idempotency_key = ${key}`,
      );
      return result.rows[0] ? campaignOf(result.rows[0]) : null;
    },

    async campaign(db: Executor, id: number): Promise<CampaignRow | null> {
      const result = await db.execute<Record<string, unknown>>(sql`select ${CAMPAIGN_COLUMNS} from campaigns c ${COUNTS} where c.id = ${id}`);
      return result.rows[0] ? campaignOf(result.rows[0]) : null;
    },

    async list(db: Executor, limit = 200): Promise<CampaignRow[]> {
      const result = await db.execute<Record<string, unknown>>(
        sql`select ${CAMPAIGN_COLUMNS} from (select * from campaigns order by created_at desc, id desc limit ${limit}) c ${COUNTS}
             order by c.created_at desc, c.id desc`,
      );
      return result.rows.map(campaignOf);
    },

    async insert(
      tx: Executor,
      row: {
        name: string;
        filterId: number;
        filterName: string;
        query: unknown;
        channel: Campaign['channel'];
        templates: CampaignTemplates;
        idempotencyKey: string | null;
        createdBy: number;
        createdByName: string;
        jobId: string;
      },
    ): Promise<number> {
      const result = await tx.execute<{ id: number }>(sql`
        insert into campaigns (name, filter_id, filter_name, query, channel, templates, idempotency_key, created_by, created_by_name, job_id)
        values (${row.name}, ${row.filterId}, ${row.filterName}, ${JSON.stringify(row.query)}::jsonb, ${row.channel},
                ${JSON.stringify(row.templates)}::jsonb, ${row.idempotencyKey}, ${row.createdBy}, ${row.createdByName}, ${row.jobId})
        returning id`);
      return Number(result.rows[0]!.id);
    },

    /**
     * Writes the recipients not written yet (the key campaign + member); answers the cstIds this call wrote, so only
     * they get an outbox row (a retried job, or a second one, skips who already has a row).
     */
    async claim(tx: Executor, campaignId: number, rows: readonly NewRecipient[]): Promise<Set<number>> {
      if (rows.length === 0) return new Set();
      const result = await tx.execute<{ cst_id: number }>(sql`
        insert into campaign_recipients (campaign_id, cst_id, channel, outcome, "to")
        select ${campaignId}, r."cstId", r.channel, r.outcome, r."to"
          from json_to_recordset(${JSON.stringify(rows)}::json) as r("cstId" int, channel text, outcome text, "to" text)
        on conflict (campaign_id, cst_id) do nothing
        returning cst_id`);
      return new Set(result.rows.map((r) => Number(r.cst_id)));
    },

    /** Links the claimed recipients to their outbox rows. */
    async linkOutbox(tx: Executor, campaignId: number, links: readonly { cstId: number; outboxId: number }[]) {
      if (links.length === 0) return;
      await tx.execute(sql`
        update campaign_recipients r set outbox_id = l."outboxId"
          from json_to_recordset(${JSON.stringify(links)}::json) as l("cstId" int, "outboxId" int)
         where r.campaign_id = ${campaignId} and r.cst_id = l."cstId"`);
    },

    async finish(db: Executor, id: number, status: 'concluida' | 'falhou') {
      await db.execute(sql`update campaigns set status = ${status}, finished_at = now() where id = ${id}`);
    },

    /** A page of a campaign's recipients (queued first, then skipped; by name), each with its outbox state. */
    async recipients(db: Executor, id: number, page: number, pageSize: number): Promise<{ items: CampaignRecipient[]; total: number }> {
      const [rows, total] = await Promise.all([
        db.execute<Record<string, unknown>>(sql`
          select r.cst_id, c.cust_name, r.channel, r."to", r.outcome, o.status, o.last_error
            from campaign_recipients r
            join customers c on c.cst_id = r.cst_id
            left join outbox o on o.id = r.outbox_id
           where r.campaign_id = ${id}
           order by (r.outcome <> 'enviado'), c.cust_name collate pt_br, r.cst_id
           limit ${pageSize} offset ${(page - 1) * pageSize}`),
        db.execute<{ n: number }>(sql`select count(*)::int as n from campaign_recipients where campaign_id = ${id}`),
      ]);
      return {
        items: rows.rows.map((r) => ({
          cstId: Number(r.cst_id),
          name: String(r.cust_name ?? ''),
          channel: (r.channel as MessageChannel | null) ?? null,
          to: (r.to as string | null) ?? null,
          outcome: r.outcome as CampaignRecipient['outcome'],
          delivery: (r.status as CampaignRecipient['delivery']) ?? null,
          error: (r.last_error as string | null) ?? null,
        })),
        total: Number(total.rows[0]!.n),
      };
    },
  };
}
export type MarketingRepository = ReturnType<typeof createMarketingRepository>;
