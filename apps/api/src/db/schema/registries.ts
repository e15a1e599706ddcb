import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The simple registries of spec 3 (templates, statement groups, holidays, positions). Every registry
 * row is soft-deleted (deleted_at), so a row deleted in the screen can be recovered (spec 3 §4 "a
 * deleted row can be restored"); uniqueness holds among the rows not deleted.
 */

/** SMS, WhatsApp and E-mail templates: one table, a channel column (decision 16). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    emID: serial('em_id').primaryKey(),
    channel: varchar('channel', { length: 12 }).notNull(),
    emName: varchar('em_name', { length: 32 }).notNull(),
    emDescription: varchar('em_description', { length: 80 }).notNull(),
    emData: varchar('em_data', { length: 240 }).notNull(),
    emUses: integer('em_uses').notNull().default(0),
    lastModifiedDate: timestamp('last_modified_date', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_templates_name_uq').on(t.channel, sql`upper(${t.emName})`).where(sql`deleted_at is null`),
    index('message_templates_channel_idx').on(t.channel),
  ],
);

/** Statement groups (extrato/IR), also the statement-group and IR-group choices of services. */
export const extratoGroups = pgTable(
  'extrato_groups',
  {
    extgrpID: serial('extgrp_id').primaryKey(),
    extgrpName: varchar('extgrp_name', { length: 80 }).notNull(),
    extgrpSort: smallint('extgrp_sort').notNull().default(10),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('extrato_groups_name_uq').on(sql`lower(${t.extgrpName})`).where(sql`deleted_at is null`)],
);

/** Holidays (feriados): one per date. */
export const feriados = pgTable(
  'feriados',
  {
    ferId: serial('fer_id').primaryKey(),
    ferDia: date('fer_dia').notNull(),
    ferDescricao: varchar('fer_descricao', { length: 80 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('feriados_dia_uq').on(t.ferDia).where(sql`deleted_at is null`)],
);

/** Positions at a forum (cargos de fórum). */
export const forumCargos = pgTable(
  'forum_cargos',
  {
    afcId: serial('afc_id').primaryKey(),
    afcCargo: varchar('afc_cargo', { length: 64 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('forum_cargos_cargo_uq').on(sql`lower(${t.afcCargo})`).where(sql`deleted_at is null`)],
);

/** Positions in the association (cargos da associação, /assoccargos). */
export const assocCargos = pgTable(
  'assoc_cargos',
  {
    aacId: serial('aac_id').primaryKey(),
    aacCargo: varchar('aac_cargo', { length: 120 }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('assoc_cargos_cargo_uq').on(sql`lower(${t.aacCargo})`).where(sql`deleted_at is null`)],
);
