import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { files } from './files.js';
import { customers } from './people.js';

/**
 * A member's documents (spec 1 §3 "Document": documentos; decision 9): one row per uploaded file. An upload waits
 * with cstId null until a member save attaches it; a row still waiting after the grace period is removed with its
 * file. A delete sets deletedAt only: the file is kept for the audit.
 */
export const memberDocuments = pgTable(
  'member_documents',
  {
    scanId: serial('scan_id').primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    cstId: integer('cst_id').references(() => customers.cstId, { onDelete: 'cascade' }),
    description: varchar('description', { length: 200 }),
    filesize: bigint('filesize', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 120 }).notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    /** The uploader's name as it was (the Usuário column). */
    createdByName: varchar('created_by_name', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.userId, { onDelete: 'set null' }),
  },
  (t) => [
    unique('member_documents_file_uq').on(t.fileId),
    index('member_documents_cst_idx').on(t.cstId, t.createdAt),
    index('member_documents_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.cstId} IS NULL`),
  ],
);
