import { z } from 'zod';
import { terminalMessages as m } from './messages.js';

/** The longest query text accepted (characters). */
export const TERMINAL_MAX_SQL = 20_000;
/** The most rows a query answers; one more is fetched to say `truncated`. */
export const TERMINAL_MAX_ROWS = 1000;
/** The statement timeout of every query (decision 14). */
export const TERMINAL_TIMEOUT_SECONDS = 5;

/** Control characters other than tab, line feed and carriage return (an editor's text has those). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** POST terminal/executar: the SQL text of one SELECT (or WITH … SELECT, EXPLAIN). */
export const terminalRunBodySchema = z.object({
  sql: z
    .string({ error: m.empty })
    .max(TERMINAL_MAX_SQL, m.tooLong(TERMINAL_MAX_SQL))
    .refine((v) => !CONTROL.test(v), m.invalidText)
    .refine((v) => v.trim().length > 0, m.empty),
});
export type TerminalRunBody = z.infer<typeof terminalRunBodySchema>;

export const terminalColumnSchema = z.object({
  name: z.string(),
  /** PostgreSQL's type name (int4, text, timestamptz…). */
  type: z.string(),
});
export type TerminalColumn = z.infer<typeof terminalColumnSchema>;

/** The result: every value as PostgreSQL's text form (null stays null), at most TERMINAL_MAX_ROWS rows. */
export const terminalResultSchema = z.object({
  columns: z.array(terminalColumnSchema),
  rows: z.array(z.array(z.string().nullable())),
  rowCount: z.number(),
  /** More rows existed than the ones returned. */
  truncated: z.boolean(),
  /** Cut before 1,000 rows because the values passed 16 MiB of text (then `truncated` too). */
  sizeLimited: z.boolean(),
  elapsedMs: z.number(),
});
export type TerminalResult = z.infer<typeof terminalResultSchema>;

export const terminalOutcomes = ['ok', 'refused', 'error'] as const;
export type TerminalOutcome = (typeof terminalOutcomes)[number];

/** GET terminal/historico: the caller's own queries, newest first. */
export const terminalHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type TerminalHistoryQuery = z.infer<typeof terminalHistoryQuerySchema>;

export const terminalHistoryItemSchema = z.object({
  id: z.number(),
  at: z.string(),
  sql: z.string(),
  outcome: z.enum(terminalOutcomes),
  rowCount: z.number().nullable(),
  truncated: z.boolean(),
  elapsedMs: z.number().nullable(),
  /** The refusal's or the error's message. */
  message: z.string().nullable(),
});
export type TerminalHistoryItem = z.infer<typeof terminalHistoryItemSchema>;

export const terminalHistoryPageSchema = z.object({
  items: z.array(terminalHistoryItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TerminalHistoryPage = z.infer<typeof terminalHistoryPageSchema>;

/** GET terminal/esquema: the tables and columns the terminal's role can read (the editor's completion). */
export const terminalSchemaSchema = z.object({
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()) })),
});
export type TerminalSchema = z.infer<typeof terminalSchemaSchema>;
