import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, index, integer, pgTable, serial, smallint, timestamp, unique, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { closingPeriods } from './ledger.js';
import { customers } from './people.js';
import { services } from './registries.js';

/**
 * One run of the monthly closing of a period (issue 24, migration 0037): who started it, its job, its outcome and the
 * totals it wrote. A period is closed once (one 'done' row), and one closing runs at a time (one 'running' row).
 */
export const closings = pgTable(
  'closings',
  {
    cloId: serial('clo_id').primaryKey(),
    fecId: integer('fec_id')
      .notNull()
      .references(() => closingPeriods.fecId),
    jobId: uuid('job_id'),
    status: varchar('status', { length: 10 }).notNull().default('running'),
    startedBy: integer('started_by'),
    startedByName: varchar('started_by_name', { length: 64 }).notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    holders: integer('holders'),
    entries: integer('entries'),
    total: bigint('total', { mode: 'number' }),
    charges: integer('charges'),
    chargesTotal: bigint('charges_total', { mode: 'number' }),
    difference: bigint('difference', { mode: 'number' }),
    message: varchar('message', { length: 200 }),
  },
  (t) => [
    check('closings_status_ck', sql`${t.status} IN ('running', 'done', 'failed')`),
    uniqueIndex('closings_fec_done_uq')
      .on(t.fecId)
      .where(sql`${t.status} = 'done'`),
    uniqueIndex('closings_running_uq')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** A batch of postings (one POST lancamentos or lancamentos/files): its rows become ledger entries through a job. */
export const postings = pgTable(
  'postings',
  {
    lanId: serial('lan_id').primaryKey(),
    svcId: integer('svc_id')
      .notNull()
      .references(() => services.svcId),
    mode: varchar('mode', { length: 12 }).notNull(),
    rows: integer('rows').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    jobId: uuid('job_id'),
    createdBy: integer('created_by'),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The idempotency key (migration 0038): the screen's lancamentoKey, or a file's hash of service + content + user. */
    lancamentoKey: varchar('lancamento_key', { length: 80 }),
    /** The checked rows the job posts (migration 0038): PostingLine[]. */
    lines: jsonb('lines').notNull().default([]),
  },
  (t) => [check('postings_mode_ck', sql`${t.mode} IN ('padrao', 'lanccelular', 'lancbar')`), uniqueIndex('postings_key_uq').on(t.lancamentoKey)],
);

/**
 * The instalments of the postings: instalment k of a row falls in month (ano, mes), the (k − 1)-th after the
 * posting's. The posting job writes those of the open month; each closing writes those of its month, keyed
 * 'parcela:<pinId>' so none is written twice.
 */
export const postingInstalments = pgTable(
  'posting_instalments',
  {
    pinId: serial('pin_id').primaryKey(),
    lanId: integer('lan_id')
      .notNull()
      .references(() => postings.lanId),
    rowIndex: smallint('row_index').notNull(),
    /** The holder whose ledger it goes to; respId is the person (holder or dependent). */
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId),
    respId: integer('resp_id').notNull(),
    svcId: integer('svc_id').notNull(),
    descricao: varchar('descricao', { length: 120 }).notNull(),
    parcela: smallint('parcela').notNull(),
    parcelas: smallint('parcelas').notNull(),
    valor: integer('valor').notNull(),
    ano: smallint('ano').notNull(),
    mes: smallint('mes').notNull(),
  },
  (t) => [
    unique('posting_instalments_uq').on(t.lanId, t.rowIndex, t.parcela),
    check('posting_instalments_valor_ck', sql`${t.valor} <> 0`),
    check('posting_instalments_parcela_ck', sql`${t.parcela} BETWEEN 1 AND ${t.parcelas}`),
    index('posting_instalments_month_idx').on(t.ano, t.mes, t.cstId),
  ],
);
