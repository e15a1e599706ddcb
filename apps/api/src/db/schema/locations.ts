import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { customers } from './people.js';

/**
 * The official list of Brazilian states and municipalities (IBGE), loaded by migration 0007 from the
 * data shipped in the repository. Read-only for the application.
 */
export const ibgeUfs = pgTable('ibge_ufs', {
  uf: char('uf', { length: 2 }).primaryKey(),
  /** Two-digit IBGE state code (35 = SP). */
  ufCode: smallint('uf_code').notNull().unique(),
  ufName: varchar('uf_name', { length: 32 }).notNull(),
});

export const ibgeMunicipios = pgTable(
  'ibge_municipios',
  {
    /** Seven-digit IBGE municipality code (3550308 = São Paulo). */
    cityId: integer('city_id').primaryKey(),
    uf: char('uf', { length: 2 })
      .notNull()
      .references(() => ibgeUfs.uf),
    cityName: varchar('city_name', { length: 64 }).notNull(),
  },
  (t) => [index('ibge_municipios_uf_idx').on(t.uf)],
);

/** Regions (/regioes): a name and a list of municipalities; also the RAJ choices of a circunscrição. */
export const regions = pgTable(
  'regions',
  {
    regionId: serial('region_id').primaryKey(),
    regionName: varchar('region_name', { length: 64 }).notNull(),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('regions_name_uq')
      .on(sql`lower(${t.regionName})`)
      .where(sql`deleted_at is null`),
  ],
);

export const regionCities = pgTable(
  'region_cities',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.regionId, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => ibgeMunicipios.cityId),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.cityId] })],
);

/**
 * The location hierarchy of /localizacao (spec 3 §2.12): circunscrição → comarca → fórum → local.
 * Coordinators (titular, adjunto) are members; setting one on a level applies it to every local
 * beneath (spec 3 §5, "Coordenador detectado"). Locals keep their own pair, which the member record
 * shows read-only.
 */
export const circunscricoes = pgTable('circunscricoes', {
  cirId: serial('cir_id').primaryKey(),
  cirNome: varchar('cir_nome', { length: 64 }).notNull(),
  cirRegional: varchar('cir_regional', { length: 64 }).notNull(),
  /** Região administrativa judiciária: one of the regions. */
  cirRaj: integer('cir_raj').references(() => regions.regionId),
  corTitular: integer('cor_titular').references(() => customers.cstId),
  corAdjunto: integer('cor_adjunto').references(() => customers.cstId),
  /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
  version: integer('version').notNull().default(1),
});

export const comarcas = pgTable(
  'comarcas',
  {
    comId: serial('com_id').primaryKey(),
    cirId: integer('cir_id')
      .notNull()
      .references(() => circunscricoes.cirId),
    comNome: varchar('com_nome', { length: 64 }).notNull(),
    corTitular: integer('cor_titular').references(() => customers.cstId),
    corAdjunto: integer('cor_adjunto').references(() => customers.cstId),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('comarcas_cir_idx').on(t.cirId)],
);

export const forums = pgTable(
  'forums',
  {
    apfId: serial('apf_id').primaryKey(),
    comId: integer('com_id')
      .notNull()
      .references(() => comarcas.comId),
    forNome: varchar('for_nome', { length: 64 }).notNull(),
    forShort: varchar('for_short', { length: 64 }).notNull(),
    forZipcode: varchar('for_zipcode', { length: 8 }),
    forAddress: varchar('for_address', { length: 80 }),
    forNumber: varchar('for_number', { length: 20 }),
    forComplement: varchar('for_complement', { length: 20 }),
    forCity: varchar('for_city', { length: 32 }),
    forState: char('for_state', { length: 2 }),
    forPhoneDdd1: varchar('for_phone_ddd1', { length: 2 }),
    apfPhone1: varchar('apf_phone1', { length: 9 }),
    forPhoneDdd2: varchar('for_phone_ddd2', { length: 2 }),
    forPhone2: varchar('for_phone2', { length: 9 }),
    corTitular: integer('cor_titular').references(() => customers.cstId),
    corAdjunto: integer('cor_adjunto').references(() => customers.cstId),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('forums_com_idx').on(t.comId)],
);

/** Locals (varas, cartórios…) of a forum; soft-deleted like the registries, since members point at them. */
export const locals = pgTable(
  'locals',
  {
    locId: serial('loc_id').primaryKey(),
    apfId: integer('apf_id')
      .notNull()
      .references(() => forums.apfId),
    locNome: varchar('loc_nome', { length: 80 }).notNull(),
    predioNome: varchar('predio_nome', { length: 100 }).notNull(),
    locPhone1Ddd: varchar('loc_phone1_ddd', { length: 2 }),
    locPhone1: varchar('loc_phone1', { length: 9 }),
    locPhone1Ext: varchar('loc_phone1_ext', { length: 5 }),
    locPhone2Ddd: varchar('loc_phone2_ddd', { length: 2 }),
    locPhone2: varchar('loc_phone2', { length: 9 }),
    locPhone2Ext: varchar('loc_phone2_ext', { length: 5 }),
    locFaxDdd: varchar('loc_fax_ddd', { length: 2 }),
    locFax: varchar('loc_fax', { length: 9 }),
    corTitular: integer('cor_titular').references(() => customers.cstId),
    corAdjunto: integer('cor_adjunto').references(() => customers.cstId),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('locals_apf_idx').on(t.apfId)],
);
