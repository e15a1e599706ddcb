import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { customers } from './people.js';

/**
 * Closing periods (fecID, decision 6): one month each; the open one (lockedAt null, one at a time for everyone)
 * receives the new entries until the monthly closing locks it for good. Triggers of migration 0023 refuse a
 * change to a locked period.
 */
export const closingPeriods = pgTable(
  'closing_periods',
  {
    fecId: serial('fec_id').primaryKey(),
    fecAno: smallint('fec_ano').notNull(),
    fecMes: smallint('fec_mes').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: integer('locked_by'),
    lockedByName: varchar('locked_by_name', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('closing_periods_mes_ck', sql`${t.fecMes} BETWEEN 1 AND 12`),
    check('closing_periods_ano_ck', sql`${t.fecAno} BETWEEN 2000 AND 2200`),
    unique('closing_periods_ano_mes_uq').on(t.fecAno, t.fecMes),
    uniqueIndex('closing_periods_one_open_uq')
      .on(sql`(true)`)
      .where(sql`${t.lockedAt} IS NULL`),
  ],
);

/**
 * Statement entries (extrato; spec 1 §3 "Statement entry"), integer cents: > 0 a debit, < 0 a credit. Never
 * updated nor deleted (trigger); a reversal is a counter-entry naming its parent (extEstornoParent, unique: an
 * entry is reversed once); the parent's extEstornoChild is read through that unique index. See migration 0023.
 */
export const statementEntries = pgTable(
  'statement_entries',
  {
    extId: serial('ext_id').primaryKey(),
    /** The holder whose ledger it is. */
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId),
    fecId: integer('fec_id')
      .notNull()
      .references(() => closingPeriods.fecId),
    extDate: timestamp('ext_date', { withTimezone: true }).notNull().defaultNow(),
    extDescricao: varchar('ext_descricao', { length: 120 }).notNull(),
    /** The responsible person (holder or dependent) and the name printed for them. */
    respId: integer('resp_id'),
    extResponsavel: varchar('ext_responsavel', { length: 80 }).notNull().default(''),
    svcId: integer('svc_id'),
    cslId: integer('csl_id'),
    extValor: integer('ext_valor').notNull(),
    /** lancamento (posting), fechamento (monthly closing), credito, pagamento (bank return), estorno. */
    extTipo: varchar('ext_tipo', { length: 12 }).notNull().default('lancamento'),
    extEstornoParent: integer('ext_estorno_parent').references((): AnyPgColumn => statementEntries.extId),
    /** Idempotency key, unique per holder. */
    extKey: varchar('ext_key', { length: 80 }),
    extCreatedBy: integer('ext_created_by'),
    extCreatedByName: varchar('ext_created_by_name', { length: 64 }).notNull().default(''),
    extCreated: timestamp('ext_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('statement_entries_valor_ck', sql`${t.extValor} <> 0`),
    check('statement_entries_tipo_ck', sql`${t.extTipo} IN ('lancamento', 'fechamento', 'credito', 'pagamento', 'estorno')`),
    check('statement_entries_estorno_ck', sql`(${t.extTipo} = 'estorno') = (${t.extEstornoParent} IS NOT NULL)`),
    unique('statement_entries_estorno_parent_uq').on(t.extEstornoParent),
    // INCLUDE (ext_valor, svc_id, ext_tipo) in the migrations (0023, 0033, 0034): Drizzle's index builder has no INCLUDE.
    index('statement_entries_holder_idx').on(t.cstId, t.fecId, t.extDate, t.extId),
    uniqueIndex('statement_entries_key_uq')
      .on(t.cstId, t.extKey)
      .where(sql`${t.extKey} IS NOT NULL`),
    index('statement_entries_fec_idx').on(t.fecId),
  ],
);

/**
 * Each holder's balance, the sum of every statement entry of the holder (issue 24 "Speed"): kept by the triggers of
 * migration 0039 on each insert (and emptied by a truncate of the entries); never written by the application.
 * `holderBalanceSql` reads it.
 */
export const holderBalances = pgTable(
  'holder_balances',
  {
    cstId: integer('cst_id').primaryKey(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
  },
  // The filter's "open balance above" (migration 0048).
  (t) => [index('holder_balances_filter_idx').on(t.balance, t.cstId)],
);
