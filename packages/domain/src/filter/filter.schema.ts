/** The filter's bodies and replies (issue 29 item 1): run, saved filters, export. */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { recordVersion } from '../record-version.js';
import { safeText } from '../validation.js';
import { jobSchema } from '../jobs/job.schema.js';
import { filterColumn } from './columns.js';
import { FILTER_DYNAMIC_OPTIONS } from './criteria.js';
import { filterMessages as fm } from './messages.js';
import { filterQuerySchema } from './query.schema.js';

export const FILTER_MAX_PAGE_SIZE = 200;
/** Up to this many rows an export is answered at once; beyond, it runs as a background job. */
export const FILTER_SYNC_EXPORT_MAX = 5_000;
export const FILTER_MAX_COLUMNS = 30;

/** Chosen columns, in order: known keys, each once. */
export const filterColumnsSchema = z
  .array(safeText().max(40))
  .max(FILTER_MAX_COLUMNS)
  .superRefine((columns, ctx) => {
    columns.forEach((c, i) => {
      if (!filterColumn(c)) ctx.addIssue({ code: 'custom', message: fm.unknownColumn(c), path: [i] });
    });
    if (new Set(columns).size !== columns.length) ctx.addIssue({ code: 'custom', message: fm.duplicateColumn });
  });

export const filterSortSchema = z.object({
  column: safeText()
    .max(40)
    .refine((c) => !!filterColumn(c), { message: m.oneOf }),
  direction: z.enum(['asc', 'desc']),
});
export type FilterSort = z.infer<typeof filterSortSchema>;

/** POST filter/executar. */
export const filterRunBodySchema = z.object({
  query: filterQuerySchema,
  columns: filterColumnsSchema,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(FILTER_MAX_PAGE_SIZE).default(50),
  sort: filterSortSchema.optional(),
});
export type FilterRunBody = z.input<typeof filterRunBodySchema>;

export const filterRowSchema = z.object({
  cstId: z.number().int(),
  /** The member record that opens from the row: the holder's (a dependent opens on its holder). */
  holderId: z.number().int(),
  cells: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type FilterRow = z.infer<typeof filterRowSchema>;

export const filterRunReplySchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(filterRowSchema),
});
export type FilterRunReply = z.infer<typeof filterRunReplySchema>;

/** POST filter/exportar. */
export const filterExportBodySchema = z.object({
  query: filterQuerySchema,
  columns: filterColumnsSchema.refine((c) => c.length > 0, { message: fm.exportNoColumns }),
  sort: filterSortSchema.optional(),
  format: z.enum(['xlsx', 'csv']),
});
export type FilterExportBody = z.infer<typeof filterExportBodySchema>;

/** The 202 of a large export: the job that builds the file (its progress and file in the bell). */
export const filterExportJobSchema = z.object({ job: jobSchema, message: z.string() });
export type FilterExportJob = z.infer<typeof filterExportJobSchema>;

const nameSchema = safeText({ error: m.required }).trim().min(1, m.required).max(80, m.maxLength(80));
const shareSchema = z.array(z.number().int().positive()).max(50);

/** POST filter/salvos. */
export const savedFilterCreateSchema = z.object({
  name: nameSchema,
  query: filterQuerySchema,
  columns: filterColumnsSchema,
  sharedWith: shareSchema.default([]),
});
export type SavedFilterCreate = z.input<typeof savedFilterCreateSchema>;

/** PUT filter/salvos/{id}: rename, change, share; the version read (409 when stale). */
export const savedFilterUpdateSchema = savedFilterCreateSchema.extend({ version: z.number().int().min(1) });
export type SavedFilterUpdate = z.input<typeof savedFilterUpdateSchema>;

export const savedFilterIdParamsSchema = z.object({ id: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });

export const filterUserSchema = z.object({ userId: z.number().int(), name: z.string() });
export type FilterUser = z.infer<typeof filterUserSchema>;

export const savedFilterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: filterQuerySchema,
  columns: z.array(z.string()),
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** The caller's own filter (they may change, share and delete it); otherwise shared with them, read-only. */
  own: z.boolean(),
  /** Who the owner shared it with (the owner sees it; empty for the others). */
  sharedWith: z.array(filterUserSchema),
  version: recordVersion(),
  updatedAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** GET filter/opcoes: the registries' rows a criterion offers (services, suppliers, regions, locations). */
export const filterOptionsSchema = z.record(z.enum(FILTER_DYNAMIC_OPTIONS), z.array(z.object({ value: z.number().int(), label: z.string() })));
export type FilterOptions = z.infer<typeof filterOptionsSchema>;
