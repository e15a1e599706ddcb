import { integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The menu's mass e-mail jobs (migration 0053; issue 30 item 1): one row per job kind (e.g. `celular-email`,
 * `declaracaosaude-email:21`), period and holder, written with the outbox row in one transaction. The key makes a
 * second run, or a retry after a crash, queue nothing again for that holder and period.
 */
export const massEmails = pgTable(
  'mass_emails',
  {
    kind: varchar('kind', { length: 40 }).notNull(),
    period: varchar('period', { length: 20 }).notNull(),
    cstId: integer('cst_id').notNull(),
    outboxId: integer('outbox_id'),
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'mass_emails_pk', columns: [t.kind, t.period, t.cstId] })],
);
