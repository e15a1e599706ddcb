import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { genericMessages as g } from '../messages.js';

/** pt-BR texts of the report templates (/reports, issue 11). */
export const reportMessages = {
  notFound: 'Relatório não encontrado',
  invalidTemplate: (detail: string) => `Modelo de relatório inválido: ${detail}`,
  missingFields: (fields: readonly string[]) =>
    `O modelo não tem ${fields.length === 1 ? 'o campo' : 'os campos'} ${fields.join(', ')} que o documento preenche; inclua-${fields.length === 1 ? 'o' : 'os'} antes de salvar.`,
  versionNotFound: (version: number) => `Versão ${version} não encontrada`,
  restoreTarget: 'Informe a versão a restaurar ou padrao: true',
  // Bounds of a template (issue 22 item 4): refused on save (400) and checked again before a stored one is rendered (422).
  tooLarge: (maxMb: number) => `O modelo passa do tamanho máximo de ${maxMb} MB.`,
  tooManyPages: (max: number) => `O modelo passa do máximo de ${max} páginas.`,
  tooManySchemas: (max: number) => `O modelo passa do máximo de ${max} campos.`,
  textTooLong: (field: string, max: number) => `O texto do campo ${field} passa do máximo de ${max.toLocaleString('pt-BR')} caracteres.`,
  basePdf:
    'A base do modelo deve ser uma página em branco ou um PDF incorporado (data:application/pdf;base64,…); endereços e arquivos não são aceitos.',
  unknownType: (field: string, type: string) => `O campo ${field} usa um tipo desconhecido: ${type}.`,
  unknownFont: (field: string, font: string, known: readonly string[]) =>
    `O campo ${field} usa uma fonte desconhecida: ${font}. Fontes disponíveis: ${known.join(', ')}.`,
  expression: (field: string, expression: string) =>
    `O texto fixo do campo ${field} tem uma expressão não permitida: ${expression}. Use apenas {nome_do_campo}.`,
  /** A render of a stored template that failed or passed a limit (422), naming the template. */
  renderFailed: (description: string, name: string, detail: string) =>
    `O modelo do relatório "${description}" (${name}) não pôde ser gerado: ${detail}`,
  renderTimeLimit: (seconds: number) => `passou do limite de tempo de ${seconds.toLocaleString('pt-BR')} s.`,
  renderMemoryLimit: (mb: number) => `passou do limite de memória de ${mb} MB.`,
  /** A printer file (renderBook) with no document in it. */
  emptyBook: 'Nenhum documento para gerar',
} as const;

/**
 * What a report template may hold (issue 22 item 4): pdfme renders one long text or many schemas slowly, so
 * templates are bounded; a render is also limited in time and memory (DOCUMENTS_RENDER_TIMEOUT_MS / _MEMORY_MB).
 */
export const reportLimits = {
  /** The template as JSON, in characters (an embedded base PDF and images included). */
  templateChars: 2 * 1024 * 1024,
  pages: 20,
  /** Schemas of all pages, the blank page's static schemas included. */
  schemas: 300,
  /** Each text of a text, multi-variable text or table schema (its content, its text). */
  textChars: 10_000,
} as const;

const screens = { screens: ['/reports'] } as const;
const tags = ['relatorios'] as const;

/** The report name (`report/{name}`): lowercase letters, digits and dashes. */
export const reportNameSchema = z
  .string()
  .trim()
  .min(1, { error: g.required })
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: reportMessages.notFound });
export const reportNameParamsSchema = z.object({ name: reportNameSchema });

/**
 * A pdfme template (`{ basePdf, schemas, … }`), sent as a JSON object: the designer and the generator both
 * take the object, and a string would need a second parse on each side. The server checks it in full
 * (`checkTemplate` of @pdfme/common).
 */
export const rptDataSchema = z.record(z.string(), z.unknown());
export const reportTemplateReplySchema = z.object({ rptData: rptDataSchema, name: z.string(), number: z.number().int(), version: z.number().int() });

export const reportItemSchema = z.object({
  name: z.string(),
  description: z.string(),
  number: z.number().int(),
  version: z.number().int(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const reportVersionSchema = z.object({
  version: z.number().int(),
  action: z.enum(['save', 'restore', 'default']),
  savedByName: z.string().nullable(),
  savedAt: z.string(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

const versionField = z.number({ error: g.required }).int({ error: g.oneOf }).min(1, { error: g.oneOf });
export const reportSaveBodySchema = z.object({ rptData: rptDataSchema, version: versionField });
export const reportRestoreBodySchema = z
  .object({ version: versionField.optional(), padrao: z.literal(true).optional(), current: versionField.optional() })
  .refine((b) => (b.version === undefined) !== (b.padrao === undefined), { error: reportMessages.restoreTarget });

/**
 * Report templates (spec 3 §7, decisions 8 and 15): GET/PUT report/{name} and GET report/id/{number} as the
 * spec names them; the list, the history, the restore and the rendered PDF are ours (the spec is silent).
 * Static paths (report/id/…) win over report/:name in Fastify's router.
 */
export const reportContracts = {
  list: defineContract({
    method: 'GET',
    path: '/report',
    reply: z.array(reportItemSchema),
    access: screens,
    summary: 'Lista os modelos de relatório (nome, descrição, número, versão, última alteração)',
    tags,
  }),
  byNumber: defineContract({
    method: 'GET',
    path: '/report/id/:number',
    params: z.object({ number: z.coerce.number().int().min(1).max(2_147_483_647) }),
    reply: reportTemplateReplySchema,
    access: screens,
    summary: 'Modelo de relatório pelo número (rptData: o modelo pdfme)',
    tags,
  }),
  get: defineContract({
    method: 'GET',
    path: '/report/:name',
    params: reportNameParamsSchema,
    reply: reportTemplateReplySchema,
    access: screens,
    summary: 'Modelo de relatório pelo nome (rptData: o modelo pdfme)',
    tags,
  }),
  save: defineContract({
    method: 'PUT',
    path: '/report/:name',
    params: reportNameParamsSchema,
    body: reportSaveBodySchema,
    reply: reportTemplateReplySchema,
    access: screens,
    summary: 'Salva o modelo de relatório como nova versão (409 se outro usuário alterou; 400 se o modelo é inválido)',
    tags,
  }),
  versions: defineContract({
    method: 'GET',
    path: '/report/:name/versoes',
    params: reportNameParamsSchema,
    reply: z.array(reportVersionSchema),
    access: screens,
    summary: 'Histórico de versões do modelo, da mais recente à mais antiga',
    tags,
  }),
  restore: defineContract({
    method: 'POST',
    path: '/report/:name/restaurar',
    params: reportNameParamsSchema,
    body: reportRestoreBodySchema,
    reply: reportTemplateReplySchema,
    access: screens,
    summary: 'Restaura uma versão ({ version }) ou o modelo padrão ({ padrao: true }) como nova versão (current: 409 se outro usuário alterou)',
    tags,
  }),
  pdf: defineContract({
    method: 'GET',
    path: '/report/:name/pdf',
    params: reportNameParamsSchema,
    reply: binaryReply,
    access: screens,
    summary: 'PDF do relatório com os dados de demonstração (ou o exemplo do documento)',
    tags,
  }),
};
