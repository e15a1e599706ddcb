import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_templates_name_uq')
      .on(t.channel, sql`upper(${t.emName})`)
      .where(sql`deleted_at is null`),
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
    /** An IR group of health plans (migration 0035): its services go into the informe (IRPF code 26) and the health declaration. */
    extgrpSaude: boolean('extgrp_saude').notNull().default(false),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('extrato_groups_name_uq')
      .on(sql`lower(${t.extgrpName})`)
      .where(sql`deleted_at is null`),
  ],
);

/** Holidays (feriados): one per date. */
export const feriados = pgTable(
  'feriados',
  {
    ferId: serial('fer_id').primaryKey(),
    ferDia: date('fer_dia').notNull(),
    ferDescricao: varchar('fer_descricao', { length: 80 }).notNull(),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('feriados_dia_uq')
      .on(t.ferDia)
      .where(sql`deleted_at is null`),
  ],
);

/** Positions at a forum (cargos de fórum). */
export const forumCargos = pgTable(
  'forum_cargos',
  {
    afcId: serial('afc_id').primaryKey(),
    afcCargo: varchar('afc_cargo', { length: 64 }).notNull(),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('forum_cargos_cargo_uq')
      .on(sql`lower(${t.afcCargo})`)
      .where(sql`deleted_at is null`),
  ],
);

/** Positions in the association (cargos da associação, /assoccargos). */
export const assocCargos = pgTable(
  'assoc_cargos',
  {
    aacId: serial('aac_id').primaryKey(),
    aacCargo: varchar('aac_cargo', { length: 120 }).notNull(),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assoc_cargos_cargo_uq')
      .on(sql`lower(${t.aacCargo})`)
      .where(sql`deleted_at is null`),
  ],
);

/** Suppliers (fornecedores) of the services screen (spec 3 §3). */
export const suppliers = pgTable('suppliers', {
  supId: serial('sup_id').primaryKey(),
  supName: varchar('sup_name', { length: 40 }).notNull(),
  supFantasia: varchar('sup_fantasia', { length: 40 }),
  /** Optional (spec 3 §5); unique when given, checked by the service. */
  supCnpj: varchar('sup_cnpj', { length: 19 }),
  supIe: varchar('sup_ie', { length: 20 }),
  supCcm: varchar('sup_ccm', { length: 20 }),
  /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
  version: integer('version').notNull().default(1),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Products of a supplier. */
export const products = pgTable(
  'products',
  {
    sucId: serial('suc_id').primaryKey(),
    supId: integer('sup_id')
      .notNull()
      .references(() => suppliers.supId),
    sucName: varchar('suc_name', { length: 40 }).notNull(),
    sucHealth: boolean('suc_health').notNull().default(false),
    sucMudaFaixa: boolean('suc_muda_faixa').notNull().default(false),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('products_sup_idx').on(t.supId)],
);

/** Services of a product: value in cents, rates in percent with 2 decimals (spec 3 §9). */
export const services = pgTable(
  'services',
  {
    svcId: serial('svc_id').primaryKey(),
    sucId: integer('suc_id')
      .notNull()
      .references(() => products.sucId),
    svcName: varchar('svc_name', { length: 50 }).notNull(),
    svcValor: integer('svc_valor').notNull().default(0),
    svcTaxaAdm: numeric('svc_taxa_adm', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    svcTaxaAdmNs: numeric('svc_taxa_adm_ns', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    svcMaxParcelas: smallint('svc_max_parcelas').notNull().default(1),
    svcProRata: boolean('svc_pro_rata').notNull().default(false),
    svcLancaNoFim: boolean('svc_lanca_no_fim').notNull().default(false),
    svcServiceType: smallint('svc_service_type').notNull().default(0),
    /** The posting mode of Lançamentos (spec 2 §2.6): lanccelular (by phone), lancbar (by file), null (typed rows). Migration 0037. */
    svcLancPlugin: varchar('svc_lanc_plugin', { length: 16 }),
    svcPermiteDependente: boolean('svc_permite_dependente').notNull().default(true),
    svcPermiteDuplicado: boolean('svc_permite_duplicado').notNull().default(false),
    svcMudaFaixa: boolean('svc_muda_faixa').notNull().default(false),
    svcMin: smallint('svc_min').notNull().default(0),
    svcMax: smallint('svc_max').notNull().default(999),
    svcContaDebito: varchar('svc_conta_debito', { length: 20 }),
    svcContaCredito: varchar('svc_conta_credito', { length: 20 }),
    svcCentroDeCusto: varchar('svc_centro_de_custo', { length: 20 }),
    extgrpId: integer('extgrp_id').references(() => extratoGroups.extgrpID),
    irgrpId: integer('irgrp_id').references(() => extratoGroups.extgrpID),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('services_suc_idx').on(t.sucId),
    check('services_type_ck', sql`${t.svcServiceType} between 0 and 3`),
    check('services_lanc_plugin_ck', sql`${t.svcLancPlugin} IS NULL OR ${t.svcLancPlugin} IN ('lanccelular', 'lancbar')`),
  ],
);
