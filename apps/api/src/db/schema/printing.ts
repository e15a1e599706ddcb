import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { files } from './files.js';

/** A user's preferences (spec 1 §7 `POST config`): the remembered print choice, later table layouts. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The server print queue (issue 11): one PDF for printer 1 (HP500) or 2 (Brother), sent by IPP when configured. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 64 }).notNull(),
    printer: smallint('printer').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    rangeStart: integer('range_start'),
    rangeEnd: integer('range_end'),
    /** queued, sent or failed. */
    status: varchar('status', { length: 10 }).notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('print_jobs_created_idx').on(t.createdAt)],
);
