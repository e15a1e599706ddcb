import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { optionalText, requiredText, safeText } from '../validation.js';
import { isValidCnj, parseCnj } from './cnj.js';
import { processMessages } from './process.messages.js';

/** Digital process (spec 3 §2.13, §3, §7; decisions 9 and 17): folders (pastas), processes, movements (andamentos). */

const id = z.coerce
  .number({ error: m.invalidData })
  .int({ error: m.invalidData })
  .min(1, { error: m.invalidData })
  .max(2_147_483_647, { error: m.invalidData });

/** A CNJ number written with or without punctuation, checked by its mod-97 digits; parsed to its 20 digits. */
export const cnjField = () =>
  safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .refine((v) => isValidCnj(v), processMessages.invalidCnj)
    .transform((v) => parseCnj(v)!);

/** A folder of the tree (GET process/folders): the inbox first, each node with its children. */
export interface ProcessFolder {
  pastaId: number;
  nome: string;
  parentId: number | null;
  /** The fixed first folder where new processes arrive. */
  inbox: boolean;
  /** Processes directly in this folder. */
  total: number;
  /** Processes of this folder the signed-in user has not opened since their last change. */
  naoLidos: number;
  children: ProcessFolder[];
}
/** How deep folders nest (the inbox and other roots are level 1). */
export const MAX_FOLDER_DEPTH = 5;
const folderFields = {
  pastaId: z.number().int(),
  nome: z.string(),
  parentId: z.number().int().nullable(),
  inbox: z.boolean(),
  total: z.number().int(),
  naoLidos: z.number().int(),
};
/** Nested to MAX_FOLDER_DEPTH levels (not recursive: the OpenAPI document needs a finite schema). */
export const processFolderSchema = ((): z.ZodType<ProcessFolder> => {
  let level: z.ZodType = z.object({ ...folderFields, children: z.array(z.never()).max(0) });
  for (let depth = 1; depth < MAX_FOLDER_DEPTH; depth++) level = z.object({ ...folderFields, children: z.array(level) });
  return level as z.ZodType<ProcessFolder>;
})();

/** GET process/folders/inbox: the inbox with this user's unopened count (the first folder's badge). */
export const processInboxSchema = z.object({ pastaId: z.number().int(), nome: z.string(), total: z.number().int(), naoLidos: z.number().int() });
export type ProcessInbox = z.infer<typeof processInboxSchema>;

/** A process row of a folder's list or of a search. `numero` is the 20 digits (format with formatCnj). */
export const processRowSchema = z.object({
  proId: z.number().int(),
  pastaId: z.number().int(),
  numero: z.string(),
  tribunal: z.string(),
  classe: z.string(),
  assunto: z.string(),
  partes: z.string(),
  status: z.string(),
  ano: z.number().int(),
  /** Date of the newest movement (YYYY-MM-DD), null without movements. */
  ultimoAndamento: z.string().nullable(),
  /** Opened by this user since its last change. */
  lido: z.boolean(),
  temPdf: z.boolean(),
});
export type ProcessRow = z.infer<typeof processRowSchema>;

/** GET process/processos/{pastaId}: pages of 50 newest movement first; `cursor` continues (on scroll). */
export const processListQuerySchema = z.object({
  cursor: safeText().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const processPageSchema = z.object({ rows: z.array(processRowSchema), nextCursor: z.string().nullable() });
export type ProcessPage = z.infer<typeof processPageSchema>;

/** A movement (andamento), newest first. */
export const movementSchema = z.object({
  andId: z.number().int(),
  proId: z.number().int(),
  /** YYYY-MM-DD */
  data: z.string(),
  texto: z.string(),
  /** File name of the attached document, null without one (download: process/andamentos/{andId}/documento). */
  documento: z.string().nullable(),
});
export type Movement = z.infer<typeof movementSchema>;

/** Search ordering: relevance (default), newest movement first, or CNJ number. */
export const processOrderBy = ['relevancia', 'data', 'numero'] as const;
export type ProcessOrderBy = (typeof processOrderBy)[number];

/** Facet filters: each list narrows the result (values of one facet are alternatives, facets combine). */
export const processFilterSchema = z.strictObject(
  {
    pastaId: z.array(z.number().int()).max(50).optional(),
    tribunal: z.array(safeText().max(60)).max(50).optional(),
    ano: z.array(z.number().int().min(1900).max(2999)).max(50).optional(),
    status: z.array(safeText().max(60)).max(50).optional(),
  },
  { error: m.invalidData },
);
export type ProcessFilter = z.infer<typeof processFilterSchema>;

/** POST process/processos/search: the spec's {query, filter, orderby} plus the page (offset, limit). */
export const processSearchSchema = z.strictObject(
  {
    query: safeText().max(200, m.maxLength(200)).default(''),
    filter: processFilterSchema.default({}),
    // "" is what clients send for "no ordering" (issue 22 item 24): the default order, not a refusal.
    orderby: z
      .enum(['', ...processOrderBy], { error: m.oneOf })
      .default('relevancia')
      .transform((v): ProcessOrderBy => v || 'relevancia'),
    offset: z.number().int().min(0).max(10_000).default(0),
    limit: z.number().int().min(1).max(200).default(50),
  },
  { error: m.invalidData },
);
export type ProcessSearch = z.input<typeof processSearchSchema>;

/** A piece of highlighted text: `marcado` pieces matched the query (render as <mark>, never as HTML). */
export const highlightPieceSchema = z.object({ texto: z.string(), marcado: z.boolean() });
export type HighlightPiece = z.infer<typeof highlightPieceSchema>;

export const processSearchRowSchema = processRowSchema.extend({
  /** Excerpt of the matching text (fields or movements) with the matches marked; empty without a text query. */
  destaque: z.array(highlightPieceSchema),
});
export type ProcessSearchRow = z.infer<typeof processSearchRowSchema>;

/** One value of a facet and how many results hold it. `label` is the folder's name for `pasta`. */
export const facetValueSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

export const processSearchReplySchema = z.object({
  /** Matches, exact (as are the facet counts). */
  total: z.number().int(),
  rows: z.array(processSearchRowSchema),
  facets: z.object({
    pasta: z.array(facetValueSchema),
    tribunal: z.array(facetValueSchema),
    ano: z.array(facetValueSchema),
    status: z.array(facetValueSchema),
  }),
  /** Offset of the next page, null at the end. */
  nextOffset: z.number().int().nullable(),
});
export type ProcessSearchReply = z.infer<typeof processSearchReplySchema>;

/** Folder create / rename. */
export const folderCreateSchema = z.object({ nome: requiredText(1, 80), parentId: id.nullable().default(null) });
export const folderRenameSchema = z.object({ nome: requiredText(1, 80) });
export const pastaIdParamsSchema = z.object({ pastaId: id });
export const proIdParamsSchema = z.object({ proId: id });
export const andIdParamsSchema = z.object({ andId: id });
export const processMoveSchema = z.object({ pastaId: id });
export const processReadSchema = z.object({ lido: z.boolean({ error: m.invalidData }) });

/** Statuses of the demo data and the upload form's choices (any text up to 60 is accepted from an import). */
export const processStatuses = ['Em andamento', 'Suspenso', 'Arquivado', 'Sentenciado', 'Em recurso', 'Baixado'] as const;

/** The process fields shared by the manual upload and the import. */
const processFields = {
  numero: cnjField(),
  tribunal: requiredText(1, 60),
  classe: requiredText(1, 120),
  assunto: requiredText(1, 200),
  partes: requiredText(1, 1000),
  status: requiredText(1, 60),
};

/**
 * Manual upload (POST process/processos, multipart): the field `dados` holds this JSON, the file `pdf` the
 * process PDF (required, checked by content, size-limited).
 */
export const processUploadSchema = z.object({ ...processFields, pastaId: id });
export type ProcessUpload = z.input<typeof processUploadSchema>;

/** A movement sent by an integration: `id` is its id at the source (idempotence key within the process). */
export const importedMovementSchema = z.object({
  id: requiredText(1, 100),
  data: requiredText(10, 10).regex(/^\d{4}-\d{2}-\d{2}$/, m.pattern),
  texto: requiredText(1, 20_000),
  /** Name of a file part of the same request holding this movement's document (PDF), if any. */
  documento: optionalText(200),
});

/**
 * POST process/importar (multipart, API key): the field `dados` holds this JSON; the optional file part `pdf`
 * is the process PDF, and a movement's `documento` names another file part. Idempotent by `numero` and the
 * movements' `id`: the same batch sent twice changes nothing.
 */
export const processImportSchema = z.object({
  ...processFields,
  andamentos: z.array(importedMovementSchema).max(5_000).default([]),
});
export type ProcessImport = z.input<typeof processImportSchema>;

export const processImportReplySchema = z.object({
  proId: z.number().int(),
  /** The process did not exist before this call. */
  criado: z.boolean(),
  /** Movements this call added (0 when all were known). */
  andamentosNovos: z.number().int(),
  /** Process fields or PDF changed by this call. */
  alterado: z.boolean(),
});
export type ProcessImportReply = z.infer<typeof processImportReplySchema>;

/** An example of the import's `dados`, for the OpenAPI page and the README. */
export const processImportExample: ProcessImport = {
  numero: '0058967-77.2016.8.19.0000',
  tribunal: 'TJRJ',
  classe: 'Procedimento Comum Cível',
  assunto: 'Indenização por Dano Moral',
  partes: 'Autor: Maria da Silva; Réu: Banco Exemplo S.A.',
  status: 'Em andamento',
  andamentos: [
    { id: 'mov-1', data: '2016-03-10', texto: 'Distribuído por sorteio.' },
    { id: 'mov-2', data: '2016-04-02', texto: 'Juntada de petição. Intimação da parte ré para contestar.', documento: 'peticao.pdf' },
  ],
};

/** API keys of the integrations (Avançado → Chaves de API, superadmin). The clear key is shown once. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** The first characters of the key, to recognise it. */
  prefixo: z.string(),
  criadaEm: z.string(),
  criadaPor: z.string().nullable(),
  ultimoUso: z.string().nullable(),
  revogadaEm: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyCreateSchema = z.object({ nome: requiredText(1, 80) });
export const apiKeyCreatedSchema = apiKeySchema.extend({ chave: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
export const apiKeyIdParamsSchema = z.object({ id });

/** The API key header of the import call (also accepted: Authorization: Bearer <key>). */
export const API_KEY_HEADER = 'x-api-key';
