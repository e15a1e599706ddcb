import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ImportResult } from '@assoc/domain';
import { users } from './access.js';
import { charges } from './charges.js';
import { files } from './files.js';
import { closingPeriods } from './ledger.js';
import { customers } from './people.js';

/** The last sequence number (NSA) written per layout, bank and agreement (migration 0040); bumped with the file. */
export const bankFileSequences = pgTable(
  'bank_file_sequences',
  {
    layout: varchar('layout', { length: 8 }).notNull(),
    bankCode: varchar('bank_code', { length: 3 }).notNull(),
    agreement: varchar('agreement', { length: 20 }).notNull(),
    lastNsa: integer('last_nsa').notNull(),
  },
  (t) => [primaryKey({ name: 'bank_file_sequences_pk', columns: [t.layout, t.bankCode, t.agreement] })],
);

/** One remittance file (spec 2 §3 "Remittance row"): its bank, NSA, records, total, and the file in the store. */
export const bankRemittances = pgTable(
  'bank_remittances',
  {
    rmId: serial('rm_id').primaryKey(),
    bnkId: integer('bnk_id').notNull(),
    layout: varchar('layout', { length: 8 }).notNull(),
    bankCode: varchar('bank_code', { length: 3 }).notNull(),
    agreement: varchar('agreement', { length: 20 }).notNull(),
    nsa: integer('nsa').notNull(),
    records: integer('records').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    fileName: varchar('file_name', { length: 120 }).notNull(),
    scanId: uuid('scan_id').references(() => files.id),
    fecId: integer('fec_id').references(() => closingPeriods.fecId),
    jobId: uuid('job_id'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_remittances_layout_ck', sql`${t.layout} IN ('cnab150', 'cnab240', 'payroll')`),
    unique('bank_remittances_nsa_uq').on(t.layout, t.bankCode, t.agreement, t.nsa),
    index('bank_remittances_created_idx').on(t.createdAt.desc()),
  ],
);

/** An import (Importar banco / Importar arquivo): the file, its status and what it did (`result`, `problems`). */
export const bankImports = pgTable(
  'bank_imports',
  {
    importId: serial('import_id').primaryKey(),
    origin: varchar('origin', { length: 8 }).notNull(),
    tipo: varchar('tipo', { length: 30 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    bankCode: varchar('bank_code', { length: 3 }),
    nsa: integer('nsa'),
    scanId: uuid('scan_id').references(() => files.id),
    status: varchar('status', { length: 8 }).notNull().default('running'),
    message: varchar('message', { length: 400 }),
    result: jsonb('result').$type<ImportResult>(),
    jobId: uuid('job_id'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('bank_imports_origin_ck', sql`${t.origin} IN ('banco', 'arquivo')`),
    check('bank_imports_status_ck', sql`${t.status} IN ('running', 'done', 'refused', 'failed')`),
    uniqueIndex('bank_imports_file_uq')
      .on(t.tipo, t.sha256)
      .where(sql`${t.status} IN ('running', 'done')`),
    index('bank_imports_created_idx').on(t.createdAt.desc()),
  ],
);

/** One charge of a remittance, with what the bank's return said about it (the bank's own code and text). */
export const bankRemittanceLines = pgTable(
  'bank_remittance_lines',
  {
    rmId: integer('rm_id')
      .notNull()
      .references(() => bankRemittances.rmId),
    cobId: integer('cob_id')
      .notNull()
      .references(() => charges.cobId),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId),
    line: integer('line').notNull(),
    value: integer('value').notNull(),
    dueDate: date('due_date').notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    retCode: varchar('ret_code', { length: 4 }),
    retDescription: varchar('ret_description', { length: 160 }),
    retDate: date('ret_date'),
    paidValue: integer('paid_value'),
    importId: integer('import_id').references(() => bankImports.importId),
  },
  (t) => [
    primaryKey({ name: 'bank_remittance_lines_pk', columns: [t.rmId, t.cobId] }),
    check('bank_remittance_lines_status_ck', sql`${t.status} IN ('pending', 'paid', 'rejected', 'written-off', 'confirmed', 'other')`),
    check('bank_remittance_lines_value_ck', sql`${t.value} > 0`),
    index('bank_remittance_lines_cob_idx').on(t.cobId),
    index('bank_remittance_lines_status_idx').on(t.rmId, t.status),
  ],
);
