import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Members: holders (titulares, parentId null) and their dependents (parentId = the holder's cstId).
 * Column names follow the spec's field names (custXxx) in snake case. Designed for the whole member
 * record of spec 1 section 3; the member-record issue fills in the screens.
 */
export const customers = pgTable(
  'customers',
  {
    cstId: serial('cst_id').primaryKey(),
    parentId: integer('parent_id'),
    custName: varchar('cust_name', { length: 64 }).notNull(),
    /** Lower-case, accent-less name kept by the database for the search index. */
    searchName: text('search_name').generatedAlwaysAs(sql`f_unaccent(lower(cust_name))`),
    custBirthdate: date('cust_birthdate'),
    custSex: smallint('cust_sex'),
    custEstadoCivil: smallint('cust_estado_civil'),
    custCpf: varchar('cust_cpf', { length: 11 }),
    custRg: varchar('cust_rg', { length: 14 }),
    custRgEmissor: varchar('cust_rg_emissor', { length: 20 }),
    custTreatment: varchar('cust_treatment', { length: 8 }),
    custFiliacaoMae: varchar('cust_filiacao_mae', { length: 80 }),
    custFiliacaoPai: varchar('cust_filiacao_pai', { length: 80 }),
    custNacionalidade: varchar('cust_nacionalidade', { length: 40 }),
    custNaturalidade: varchar('cust_naturalidade', { length: 60 }),
    custTitulosAcademicos: varchar('cust_titulos_academicos', { length: 120 }),
    custEmail: varchar('cust_email', { length: 120 }),
    custCelularDdd: varchar('cust_celular_ddd', { length: 2 }),
    custCelular: varchar('cust_celular', { length: 9 }),
    /** Profile letter: M, N, H, J magistrates; V widow(er); others. */
    custStatus: char('cust_status', { length: 1 }),
    custSocio: char('cust_socio', { length: 1 }).notNull().default('N'),
    /** 1 active, 2 retired, 5 deceased. */
    custAssocSituacao: smallint('cust_assoc_situacao'),
    custAssocCargo: integer('cust_assoc_cargo'),
    custAssocCargo2: integer('cust_assoc_cargo2'),
    custAssocCargo3: integer('cust_assoc_cargo3'),
    custAssocCargo4: integer('cust_assoc_cargo4'),
    /** 7 characters, displayed 000000-0. */
    custNumeroInterno: varchar('cust_numero_interno', { length: 7 }),
    custPhotoKey: varchar('cust_photo_key', { length: 80 }),
    custParentesco: smallint('cust_parentesco'),
    custConcurso: varchar('cust_concurso', { length: 18 }),
    custComunicacao: smallint('cust_comunicacao').notNull().default(1),
    custExtratoPorEmail: boolean('cust_extrato_por_email').notNull().default(false),
    custIRPorEmail: boolean('cust_ir_por_email').notNull().default(false),
    /** The member refuses marketing campaigns (issue 29 item 2; Configurações tab). */
    custRecusaCampanhas: boolean('cust_recusa_campanhas').notNull().default(false),
    custDirForum: boolean('cust_dir_forum').notNull().default(false),
    custDataDirForum: date('cust_data_dir_forum'),
    /** Deceased spouse (status V). */
    falId: integer('fal_id'),
    desigApfId: integer('desig_apf_id'),
    desigApcId: integer('desig_apc_id'),
    desigLocId: integer('desig_loc_id'),
    provApfId: integer('prov_apf_id'),
    provApcId: integer('prov_apc_id'),
    provLocId: integer('prov_loc_id'),
    custProvData: date('cust_prov_data'),
    custProvForum: varchar('cust_prov_forum', { length: 80 }),
    custProvVara: varchar('cust_prov_vara', { length: 80 }),
    custCoordenadorTitular: boolean('cust_coordenador_titular').notNull().default(false),
    custCoordenadorAdjunto: boolean('cust_coordenador_adjunto').notNull().default(false),
    afcId: integer('afc_id'),
    apfId: integer('apf_id'),
    locId: integer('loc_id'),
    /** Billing: day of month 1-31 (default 4), debit place and account. */
    custCobrancaDia: smallint('cust_cobranca_dia').notNull().default(4),
    custFinanceiroStatus: char('cust_financeiro_status', { length: 1 }),
    bnkId: integer('bnk_id'),
    bnkaccBranch: varchar('bnkacc_branch', { length: 4 }),
    bnkaccBranchDigit: varchar('bnkacc_branch_digit', { length: 1 }),
    bnkaccAccount: varchar('bnkacc_account', { length: 8 }),
    bnkaccAccountDigit: varchar('bnkacc_account_digit', { length: 1 }),
    /** 1 residential, 2 commercial, 3 forum. */
    enderecoSelected: smallint('endereco_selected').notNull().default(1),
    custAdmissao: date('cust_admissao'),
    custSaida: date('cust_saida'),
    custMarriage: date('cust_marriage'),
    custAposentadoria: date('cust_aposentadoria'),
    /** Death date; null means none (the client shows 01/01/1900). */
    custDeceased: date('cust_deceased'),
    custContatoNome: varchar('cust_contato_nome', { length: 64 }),
    custContatoParentesco: smallint('cust_contato_parentesco'),
    custContatoFoneDdd: varchar('cust_contato_fone_ddd', { length: 2 }),
    custContatoFone: varchar('cust_contato_fone', { length: 9 }),
    custContatoEmail: varchar('cust_contato_email', { length: 120 }),
    /** Optimistic concurrency (decision 5). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Prefix search and the alphabetical walk of the member search; cst_id and cust_name make both index-only scans.
    index('customers_search_name_prefix').on(sql`${t.searchName} text_pattern_ops`, t.cstId, t.custName),
    index('customers_cpf_idx').on(t.custCpf),
    index('customers_numero_interno_idx').on(t.custNumeroInterno),
    // The internal number of a new holder is max + 1 (issue 12).
    index('customers_numero_interno_desc_idx')
      .on(sql`${t.custNumeroInterno} DESC`)
      .where(sql`${t.parentId} IS NULL`),
    // Two holders never share an internal number (dependents are not covered).
    uniqueIndex('customers_numero_interno_holder_uq')
      .on(t.custNumeroInterno)
      .where(sql`${t.parentId} IS NULL AND ${t.custNumeroInterno} IS NOT NULL`),
    index('customers_parent_idx').on(t.parentId),
    index('customers_birthday_idx').on(sql`extract(month from ${t.custBirthdate})`, sql`extract(day from ${t.custBirthdate})`),
    // The filter's criteria (migration 0048, docs/FILTER.md).
    index('customers_filter_status_idx').on(t.custStatus, t.custAssocSituacao),
    index('customers_birthdate_idx').on(t.custBirthdate),
    index('customers_filter_forum_idx').on(t.apfId),
    index('customers_filter_bank_idx').on(t.bnkId),
    index('customers_filter_admissao_idx').on(t.custAdmissao),
  ],
);

/** The three addresses of a member (1 residential, 2 commercial, 3 forum). */
export const addresses = pgTable(
  'addresses',
  {
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    adZipcode: varchar('ad_zipcode', { length: 8 }),
    adAddress: varchar('ad_address', { length: 80 }),
    adNumber: varchar('ad_number', { length: 20 }),
    adComplement: varchar('ad_complement', { length: 20 }),
    adBairro: varchar('ad_bairro', { length: 32 }),
    adCity: varchar('ad_city', { length: 32 }),
    adState: varchar('ad_state', { length: 2 }),
    adAddNewCEP: smallint('ad_add_new_cep').notNull().default(0),
    adPhoneDdd: varchar('ad_phone_ddd', { length: 2 }),
    adPhone: varchar('ad_phone', { length: 9 }),
    adPhoneDdd2: varchar('ad_phone_ddd2', { length: 2 }),
    adPhone2: varchar('ad_phone2', { length: 9 }),
  },
  (t) => [
    primaryKey({ columns: [t.cstId, t.kind] }),
    // The filter's region: the residential address's city, compared accent- and case-free (migration 0048).
    index('addresses_filter_city_idx')
      .on(t.adState, sql`f_unaccent(lower(${t.adCity}))`)
      .where(sql`${t.kind} = 1`),
  ],
);

/** Association position history (Histórico de cargos). */
export const positionHistory = pgTable(
  'position_history',
  {
    id: serial('id').primaryKey(),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    cargo: varchar('cargo', { length: 120 }).notNull(),
    dataEntrada: timestamp('data_entrada', { withTimezone: true }).notNull(),
    dataSaida: timestamp('data_saida', { withTimezone: true }),
  },
  (t) => [index('position_history_cst_idx').on(t.cstId)],
);

/** Third parties (terceiros): people (CPF) or companies (CNPJ); searchable with the members. */
export const terceiros = pgTable(
  'terceiros',
  {
    terId: serial('ter_id').primaryKey(),
    terTipo: smallint('ter_tipo').notNull().default(0),
    terCPFCNPJ: varchar('ter_cpf_cnpj', { length: 14 }).notNull(),
    terNome: varchar('ter_nome', { length: 80 }).notNull(),
    searchName: text('search_name').generatedAlwaysAs(sql`f_unaccent(lower(ter_nome))`),
    terContato: varchar('ter_contato', { length: 80 }),
    terEmail: varchar('ter_email', { length: 120 }),
    terCEP: varchar('ter_cep', { length: 8 }),
    terLogradouro: varchar('ter_logradouro', { length: 80 }),
    terNumero: varchar('ter_numero', { length: 20 }),
    terComplemento: varchar('ter_complemento', { length: 20 }),
    terBairro: varchar('ter_bairro', { length: 32 }),
    terCidade: varchar('ter_cidade', { length: 32 }),
    terUF: varchar('ter_uf', { length: 2 }),
    terTelefone1: varchar('ter_telefone1', { length: 15 }),
    terTelefone2: varchar('ter_telefone2', { length: 15 }),
    /** Optimistic concurrency (decision 5): +1 on every update, delete and restore. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete (registries): a deleted third party can be recovered; search and lists skip it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('terceiros_document_uq')
      .on(t.terCPFCNPJ)
      .where(sql`deleted_at is null`),
    index('terceiros_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // Prefix search in name order, ties by id (the in-process index breaks ties the same way).
    index('terceiros_search_name_prefix').on(sql`${t.searchName} text_pattern_ops`, t.terId),
  ],
);

/** A user's recently viewed people (dashboard "Histórico de visualizações"). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: integer('user_id').notNull(),
    cstId: integer('cst_id')
      .notNull()
      .references(() => customers.cstId, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cstId] }), index('search_history_recent_idx').on(t.userId, t.viewedAt)],
);

/** Who changed what, when, with before/after data (decision 4). */
export const audits = pgTable(
  'audits',
  {
    auditId: serial('audit_id').primaryKey(),
    category: varchar('category', { length: 40 }).notNull(),
    ownerId: integer('owner_id'),
    entityId: text('entity_id'),
    action: varchar('action', { length: 16 }).notNull(),
    userId: integer('user_id'),
    userName: varchar('user_name', { length: 64 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audits_owner_idx').on(t.category, t.ownerId, t.at), index('audits_category_at_idx').on(t.category, t.at)],
);

/** Cached answers of external lookups (weather, CEP, coordinates): decision 11. */
export const lookupCache = pgTable('lookup_cache', {
  cacheKey: varchar('cache_key', { length: 120 }).primaryKey(),
  value: jsonb('value').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
