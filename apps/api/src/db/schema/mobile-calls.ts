import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { customers } from './people.js';

/**
 * Mobile-phone call records (migration 0030; spec 1 §2 "Mobile-phone statement"): imported per month, one row per call,
 * SMS or data use, in the holder's statement (cstId) with the person whose line it is (respId; name kept). Cents.
 */
export const mobileCalls = pgTable(
  'mobile_calls',
  {
    mcId: serial('mc_id').primaryKey(),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    respId: integer('resp_id'),
    mcResponsavel: varchar('mc_responsavel', { length: 80 }).notNull(),
    mcAno: smallint('mc_ano').notNull(),
    mcMes: smallint('mc_mes').notNull(),
    mcData: timestamp('mc_data', { withTimezone: true }).notNull(),
    mcNumero: varchar('mc_numero', { length: 11 }).notNull(),
    mcTipo: varchar('mc_tipo', { length: 30 }).notNull(),
    mcDestino: varchar('mc_destino', { length: 40 }).notNull(),
    mcQtde: integer('mc_qtde').notNull().default(1),
    mcValor: integer('mc_valor').notNull(),
    /** The import the row came from (file name or batch), when any. */
    mcImport: varchar('mc_import', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('mobile_calls_mes_ck', sql`${t.mcMes} BETWEEN 1 AND 12`),
    check('mobile_calls_ano_ck', sql`${t.mcAno} BETWEEN 2000 AND 2200`),
    check('mobile_calls_qtde_ck', sql`${t.mcQtde} >= 0`),
    index('mobile_calls_member_idx').on(t.cstId, t.mcAno, t.mcMes, t.mcData),
  ],
);
