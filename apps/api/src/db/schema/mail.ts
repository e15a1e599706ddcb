import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ProviderAnswer, WhatsappTemplate } from '@assoc/domain';
import { users } from './access.js';
import { customers } from './people.js';

/**
 * The outbox (decision 10): every message (e-mail, SMS, WhatsApp) is written here in the caller's
 * transaction; the mail worker sends pending e-mails, and SMS and WhatsApp through the configured provider adapters. Status: pending → sending → sent | failed
 * (back to pending, with a later nextAttemptAt, while attempts remain).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 16 }).$type<'email' | 'sms' | 'whatsapp'>().notNull().default('email'),
    to: varchar('to', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull().default(''),
    html: text('html'),
    text: text('text').notNull().default(''),
    /** A security e-mail (password reset): GET outbox leaves its body out. */
    sensitive: boolean('sensitive').notNull().default(false),
    /**
     * Placeholder → secret (the reset link) that only the sender puts into the text at send time.
     * Never selected for the API; wiped once sent, failed for good or expired (issue 8, finding 9).
     */
    secrets: jsonb('secrets').$type<Record<string, string>>(),
    secretsExpireAt: timestamp('secrets_expire_at', { withTimezone: true }),
    status: varchar('status', { length: 16 }).$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the worker may (re)try; while sending, when a crashed worker's claim lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    cstId: integer('cst_id').references(() => customers.cstId, { onDelete: 'set null' }),
    /** WhatsApp: the template approved at Meta and its body parameters (the Cloud API delivers only templates). */
    template: jsonb('template').$type<WhatsappTemplate>(),
    /** SMS and WhatsApp: the adapter that answered last (SMS_PROVIDER / WHATSAPP_PROVIDER), e.g. 'zenvia', 'meta'. */
    provider: varchar('provider', { length: 32 }),
    /** The provider's id of the accepted message (Zenvia's `id`, the Cloud API's `wamid…`). */
    providerMessageId: varchar('provider_message_id', { length: 200 }),
    /** The provider's last answer: outcome, HTTP status, its error code and reason, when. */
    providerAnswer: jsonb('provider_answer').$type<ProviderAnswer>(),
  },
  (t) => [
    // Per channel: a channel without a provider (its rows stay pending) is not scanned by the others' rounds.
    index('outbox_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_cst_idx').on(t.cstId),
  ],
);
