import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './access.js';
import { files } from './files.js';

/** PostgreSQL's tsvector (written by the triggers of migration 0021, never by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Digital process (issue 15, migration 0021): folders — a tree whose inbox (the first folder) is fixed. */
export const processFolders = pgTable(
  'process_folders',
  {
    pastaId: serial('pasta_id').primaryKey(),
    nome: varchar('nome', { length: 80 }).notNull(),
    parentId: integer('parent_id'),
    inbox: boolean('inbox').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('process_folders_inbox_idx')
      .on(t.inbox)
      .where(sql`${t.inbox}`),
    uniqueIndex('process_folders_name_idx').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.nome})`),
  ],
);

/** Processes: the CNJ number's 20 digits are unique; their search row (processSearch) is kept by triggers. */
export const processes = pgTable(
  'processes',
  {
    proId: serial('pro_id').primaryKey(),
    numero: char('numero', { length: 20 }).notNull(),
    pastaId: integer('pasta_id')
      .notNull()
      .references(() => processFolders.pastaId, { onDelete: 'restrict' }),
    tribunal: varchar('tribunal', { length: 60 }).notNull(),
    classe: varchar('classe', { length: 120 }).notNull(),
    assunto: varchar('assunto', { length: 200 }).notNull(),
    partes: varchar('partes', { length: 1000 }).notNull(),
    status: varchar('status', { length: 60 }).notNull(),
    ano: smallint('ano').notNull(),
    ultimoAndamento: date('ultimo_andamento', { mode: 'string' }),
    /** Last change that makes it unread again (arrival, new movement). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('processes_numero_idx').on(t.numero),
    index('processes_folder_idx').on(t.pastaId, t.ultimoAndamento.desc().nullsLast(), t.proId.desc()),
    index('processes_recent_idx').on(t.ultimoAndamento.desc().nullsLast(), t.proId.desc()),
    index('processes_number_order_idx').on(t.ano, t.numero),
    index('processes_pdf_idx').on(t.pdfFileId),
  ],
);

/** Each combination of folder, court, year and status met so far, numbered (the facet counts group by it). */
export const processFacets = pgTable(
  'process_facets',
  {
    facet: serial('facet').primaryKey(),
    pastaId: integer('pasta_id').notNull(),
    tribunal: varchar('tribunal', { length: 60 }).notNull(),
    ano: smallint('ano').notNull(),
    status: varchar('status', { length: 60 }).notNull(),
  },
  (t) => [uniqueIndex('process_facets_key_idx').on(t.pastaId, t.tribunal, t.ano, t.status)],
);

/**
 * The search side of each process (written only by migration 0021's triggers): the filtered, counted and ordered
 * columns and the text vector, kept out of line (storage EXTERNAL, toast_tuple_target 128 and the compressed
 * `pad` that makes PostgreSQL toast every row) so that the heap the facet counts read stays narrow.
 */
export const processSearch = pgTable(
  'process_search',
  {
    proId: integer('pro_id')
      .primaryKey()
      .references(() => processes.proId, { onDelete: 'cascade' }),
    /** processFacets.facet of this row's folder, court, year and status. */
    facet: integer('facet').notNull(),
    pastaId: integer('pasta_id').notNull(),
    tribunal: varchar('tribunal', { length: 60 }).notNull(),
    ano: smallint('ano').notNull(),
    status: varchar('status', { length: 60 }).notNull(),
    numero: char('numero', { length: 20 }).notNull(),
    ultimoAndamento: date('ultimo_andamento', { mode: 'string' }),
    vector: tsvector('vector').notNull(),
    pad: text('pad')
      .notNull()
      .default(sql`repeat(' ', 2100)`),
  },
  (t) => [
    index('process_search_vector_idx').using('gin', t.vector).with({ fastupdate: false }),
    index('process_search_recent_idx').on(t.ultimoAndamento.desc().nullsLast(), t.proId.desc()),
    index('process_search_number_idx').on(t.ano, t.numero),
  ],
);

/** Movements (andamentos): `externalId` is the source's id, unique per process (idempotent import). */
export const processMovements = pgTable(
  'process_movements',
  {
    andId: serial('and_id').primaryKey(),
    proId: integer('pro_id')
      .notNull()
      .references(() => processes.proId, { onDelete: 'cascade' }),
    externalId: varchar('external_id', { length: 100 }),
    data: date('data', { mode: 'string' }).notNull(),
    texto: text('texto').notNull(),
    documentFileId: uuid('document_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('process_movements_external_idx').on(t.proId, t.externalId),
    index('process_movements_process_idx').on(t.proId, t.data.desc(), t.andId.desc()),
    index('process_movements_document_idx').on(t.documentFileId),
  ],
);

/** When each user last opened each process (unread: never, or before the process's last change). */
export const processReads = pgTable(
  'process_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    proId: integer('pro_id')
      .notNull()
      .references(() => processes.proId, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'process_reads_pk', columns: [t.userId, t.proId] }), index('process_reads_process_idx').on(t.proId)],
);

/** API keys of the integrations (decision 17): only the SHA-256 of the key is kept, with its first characters. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 80 }).notNull(),
    scope: varchar('scope', { length: 40 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: char('key_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash)],
);
