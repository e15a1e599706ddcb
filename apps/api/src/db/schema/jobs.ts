import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Background jobs as the notifications list shows them (spec 1 §3 Job), plus the owner and the
 * request's userData. jobId is also the pg-boss job id, so the engine can tell what pg-boss did with it.
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: uuid('job_id').primaryKey(),
    jobName: varchar('job_name', { length: 80 }).notNull(),
    jobDescription: varchar('job_description', { length: 200 }).notNull(),
    jobSubtitle: varchar('job_subtitle', { length: 200 }).notNull().default(''),
    /** 0 running, 10 waiting, 20 failed, 30 done. */
    jobStatus: smallint('job_status').notNull().default(10),
    jobSubmitted: timestamp('job_submitted', { withTimezone: true }).notNull().defaultNow(),
    jobCurrent: integer('job_current').notNull().default(0),
    jobTotal: integer('job_total').notNull().default(0),
    jobResult: text('job_result').notNull().default(''),
    jobFinished: timestamp('job_finished', { withTimezone: true }),
    /** Listed in the user's notifications; 'showoff' clears it. */
    show: boolean('show').notNull().default(true),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    userData: varchar('user_data', { length: 200 }).notNull().default('0'),
  },
  (t) => [
    index('jobs_user_submitted_idx').on(t.userId, t.jobSubmitted),
    index('jobs_open_name_idx')
      .on(t.jobName)
      .where(sql`job_status <= 10`),
  ],
);

/**
 * A job's committed chunks (`forEachChunk`, issue 23 §1), each written in its chunk's transaction: the newest row is
 * the checkpoint (the last key done, the running state), `output` the chunk's part of the job's file.
 */
export const jobChunks = pgTable(
  'job_chunks',
  {
    jobId: uuid('job_id').notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    seq: integer('seq').notNull(),
    afterKey: jsonb('after_key').notNull(),
    state: jsonb('state').notNull(),
    done: integer('done').notNull(),
    output: text('output'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'job_chunks_pkey', columns: [t.jobId, t.name, t.seq] })],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Binary payloads of the Socket.IO PostgreSQL adapter (its fixed layout). */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});

/**
 * The documents a menu job e-mailed (issue 30 item 1: the monthly statement, the annual I.R.): one row per kind, holder
 * and period (the statement's fecId, the I.R.'s base year), written in the transaction that queues the e-mail, so a
 * second run or a retry after a crash never e-mails the same document twice.
 */
export const documentSends = pgTable(
  'document_sends',
  {
    /** 'extrato' or 'ir'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    cstId: integer('cst_id').notNull(),
    period: integer('period').notNull(),
    /** The job that sent it (a re-run tells its own sends from the earlier ones). */
    jobId: uuid('job_id').notNull(),
    outboxId: integer('outbox_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'document_sends_pkey', columns: [t.kind, t.cstId, t.period] })],
);
