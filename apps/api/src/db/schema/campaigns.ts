import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Marketing campaigns (/marketing, issue 29 item 2, migration 0054; docs/MARKETING.md): a saved filter (its name and
 * query as they were when the campaign was created), a channel ('email' | 'sms' | 'whatsapp' | 'preferido' = each
 * member's custComunicacao) and the template of each channel used. `idempotency_key` (per user) makes a double click
 * answer the same campaign. The job `marketing-enviar` writes the recipients; status 'enviando' until it ends.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    filterId: integer('filter_id'),
    filterName: varchar('filter_name', { length: 80 }).notNull(),
    query: jsonb('query').notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    /** Channel → message_templates.em_id (one for a fixed channel; up to three for 'preferido'). */
    templates: jsonb('templates').$type<Partial<Record<'email' | 'sms' | 'whatsapp', number>>>().notNull(),
    status: varchar('status', { length: 10 }).$type<'enviando' | 'concluida' | 'falhou'>().notNull().default('enviando'),
    idempotencyKey: varchar('idempotency_key', { length: 80 }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('campaigns_channel_ck', sql`${t.channel} IN ('email', 'sms', 'whatsapp', 'preferido')`),
    check('campaigns_status_ck', sql`${t.status} IN ('enviando', 'concluida', 'falhou')`),
    uniqueIndex('campaigns_key_uq')
      .on(t.createdBy, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('campaigns_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * One row per campaign and member, written in the transaction that queues the member's outbox row: the primary key
 * makes a retried job (or a second run) never send twice. `outcome` is 'enviado' (queued; sent / failed is the outbox
 * row's status) or the reason the member was skipped: 'sem_email', 'sem_celular', 'recusa', 'correio'.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    cstId: integer('cst_id').notNull(),
    channel: varchar('channel', { length: 10 }),
    outcome: varchar('outcome', { length: 12 }).notNull(),
    to: varchar('to', { length: 160 }),
    outboxId: integer('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'campaign_recipients_pk', columns: [t.campaignId, t.cstId] }),
    check('campaign_recipients_outcome_ck', sql`${t.outcome} IN ('enviado', 'sem_email', 'sem_celular', 'recusa', 'correio')`),
    index('campaign_recipients_outbox_idx').on(t.outboxId),
  ],
);
