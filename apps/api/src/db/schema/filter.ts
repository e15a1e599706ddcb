import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * Saved filters of /filter (issue 29 item 1, migration 0048): per user (owner), a name unique among the owner's, the
 * query (the domain's nested AND/OR groups, checked again on every read) and the chosen columns in order. Optimistic
 * concurrency (decision 5): `version` +1 on each rename, change or share; a stale write is 409.
 */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    query: jsonb('query').notNull(),
    columns: jsonb('columns').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_filters_owner_name_uq').on(t.ownerId, sql`lower(${t.name})`)],
);

/**
 * Shared access (docs/FILTER.md): the users a saved filter is shared with see it, read-only, always as its owner last
 * saved it; only the owner changes, re-shares or deletes it (the shares go with it).
 */
export const savedFilterShares = pgTable(
  'saved_filter_shares',
  {
    filterId: integer('filter_id')
      .notNull()
      .references(() => savedFilters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.filterId, t.userId] }), index('saved_filter_shares_user_idx').on(t.userId)],
);

/** A large export's request (query, columns, sort, format), the payload of its job `filtro-exportar` (its id). */
export const filterExports = pgTable('filter_exports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.userId, { onDelete: 'cascade' }),
  jobId: uuid('job_id'),
  request: jsonb('request').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
