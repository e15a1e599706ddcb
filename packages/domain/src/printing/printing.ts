import { z } from 'zod';

/** pt-BR texts of the print dialogs (spec 1 §2, spec 3 §2.15) and of the print queue. */
export const printingTexts = {
  rangeTitle: 'Seleção de impressão',
  current: 'Página atual',
  range: 'Intervalo',
  all: 'Tudo',
  from: 'de página',
  to: 'até',
  print: 'Imprimir',
  choiceTitle: 'Selecionar como imprimir',
  remote: 'Impressora Remota',
  download: 'Download',
  browser: 'Navegador',
  remember: 'Lembrar escolha',
  yes: 'SIM',
  no: 'NÃO',
  ok: 'Ok',
  /** Ours: the spec has no text for it. */
  sent: 'Enviado para a impressora',
  /** Ours: the printer refused or could not be reached (the queue keeps the reason). */
  failed: 'A impressora não aceitou o documento',
  printer: 'Impressora',
  queueTitle: 'Fila de impressão',
  queueEmpty: 'Nenhum documento na fila',
  refresh: 'Atualizar',
  columns: { file: 'Arquivo', printer: 'Impressora', user: 'Usuário', when: 'Data', status: 'Situação', error: 'Erro' },
};

/** The printers of spec 3 §2.15: HP500 = 1, Brother = 2. */
export const PRINTERS = { 1: 'HP500', 2: 'Brother' } as const;
export type PrinterId = 1 | 2;

export const printingMessages = {
  badRange: 'Intervalo de impressão inválido: início e fim a partir de 1, início não maior que o fim, dentro do total de páginas.',
  badPrinter: 'Impressora inválida: escolha 1 (HP500) ou 2 (Brother).',
  badPreferences: 'Preferências inválidas.',
};

export interface PrintRange {
  start: number;
  end: number;
}

/**
 * Spec 1 §5 (and §4 "confirm button turns red"): a range is valid when start ≥ 1, end ≥ 1, start ≤ end and,
 * when the total is known, end ≤ total pages. Non-integers are invalid.
 */
export function isValidPrintRange(start: number | null | undefined, end: number | null | undefined, totalPages?: number | null): boolean {
  if (typeof start !== 'number' || typeof end !== 'number' || !Number.isInteger(start) || !Number.isInteger(end)) return false;
  if (start < 1 || end < 1 || start > end) return false;
  return totalPages == null || end <= totalPages;
}

/** What the "Seleção de impressão" dialog answers. */
export type PrintSelection = { kind: 'current' } | { kind: 'range'; start: number; end: number } | { kind: 'all' };

export const printerIdSchema = z.union([z.literal(1), z.literal(2)], { error: printingMessages.badPrinter });

/** The remembered answer of "Selecionar como imprimir" (a printer only for the remote mode). */
export const printChoiceSchema = z
  .object({
    mode: z.enum(['remote', 'download', 'browser'], { error: printingMessages.badPreferences }),
    printer: printerIdSchema.optional(),
  })
  .strict()
  .refine((c) => c.mode !== 'remote' || c.printer !== undefined, { message: printingMessages.badPrinter, path: ['printer'] });
export type PrintChoice = z.infer<typeof printChoiceSchema>;

/** The user's preferences (`POST config`, spec 1 §7): merged into what was saved; null clears a key. */
export const userPreferencesSchema = z
  .object({
    printChoice: printChoiceSchema.nullable().optional(),
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

const pageSchema = z.coerce
  .number({ error: printingMessages.badRange })
  .int(printingMessages.badRange)
  .min(1, printingMessages.badRange)
  .max(100_000, printingMessages.badRange);

/** `POST impressao`'s query (the PDF is the multipart body): the printer and an optional page range. */
export const printJobQuerySchema = z
  .object({
    printer: z.coerce.number().pipe(printerIdSchema),
    start: pageSchema.optional(),
    end: pageSchema.optional(),
  })
  .refine((q) => (q.start === undefined) === (q.end === undefined), { message: printingMessages.badRange })
  .refine((q) => q.start === undefined || isValidPrintRange(q.start, q.end), { message: printingMessages.badRange });

export const printJobStatusSchema = z.enum(['queued', 'sent', 'failed']);
export type PrintJobStatus = z.infer<typeof printJobStatusSchema>;

export const printJobSchema = z.object({
  id: z.number().int(),
  fileId: z.string(),
  fileName: z.string(),
  printer: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  rangeStart: z.number().int().nullable(),
  rangeEnd: z.number().int().nullable(),
  status: printJobStatusSchema,
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printJobStatusTexts: Record<PrintJobStatus, string> = { queued: 'Na fila', sent: 'Enviado', failed: 'Falhou' };
