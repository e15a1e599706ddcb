import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './access.js';

/**
 * The terminal's history (decision 14, migration 0049): every query a superadmin sent, run or refused, with its
 * outcome; the user's own rows are GET terminal/historico. The audit table gets a row for each as well.
 */
export const terminalQueries = pgTable(
  'terminal_queries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    userName: varchar('user_name', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    sql: text('sql').notNull(),
    outcome: varchar('outcome', { length: 16 }).$type<'ok' | 'refused' | 'error'>().notNull(),
    rowCount: integer('row_count'),
    truncated: boolean('truncated').notNull().default(false),
    elapsedMs: integer('elapsed_ms'),
    message: text('message'),
  },
  (t) => [
    check('terminal_queries_outcome_ck', sql`${t.outcome} IN ('ok', 'refused', 'error')`),
    index('terminal_queries_user_idx').on(t.userId, t.at.desc(), t.id.desc()),
  ],
);
