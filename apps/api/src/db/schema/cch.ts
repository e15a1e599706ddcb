import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The TUSS codes the shipped subset lacks (migration 0041), kept by superadmin in the TUSS registry (/tuss). The CCH's
 * other tables are read and written in SQL by its repository; this one is here for the generic registry service.
 */
export const tussCodes = pgTable(
  'tuss_codes',
  {
    tussId: serial('tuss_id').primaryKey(),
    tussCodigo: varchar('tuss_codigo', { length: 8 }).notNull(),
    tussTerminologia: varchar('tuss_terminologia', { length: 250 }).notNull(),
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('tuss_codes_codigo_ck', sql`${t.tussCodigo} ~ '^[0-9]{8}$'`),
    uniqueIndex('tuss_codes_codigo_uq')
      .on(t.tussCodigo)
      .where(sql`${t.deletedAt} is null`),
  ],
);
