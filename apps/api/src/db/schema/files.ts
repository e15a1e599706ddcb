import { index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/** Files of the file store (decision 9): the bytes live in the store under `storageKey`; the type is sniffed from them. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  /** Content type sniffed from the first bytes (never the client's claim). */
  mimeType: varchar('mime_type', { length: 120 }).notNull(),
  size: integer('size').notNull(),
  /** Hex SHA-256 of the bytes; null only for files stored before migration 0018. */
  sha256: varchar('sha256', { length: 64 }),
  storageKey: varchar('storage_key', { length: 300 }).notNull(),
  createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who owns a file (a job, later a member's scan…): the file service asks the owner kind's rule who may read it. */
export const fileLinks = pgTable(
  'file_links',
  {
    ownerKind: varchar('owner_kind', { length: 40 }).notNull(),
    ownerId: varchar('owner_id', { length: 80 }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId, t.fileId] }), index('file_links_file_idx').on(t.fileId)],
);
