import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { genericMessages as m } from '../messages.js';

/**
 * The bank files' calls (issue 25; spec 2 §2.7 items 1, 2 and 4, §3 "Remittance row"): the remittances the job
 * "Gerar remessa de cobrança" writes, the bank returns that settle charges, and the other file imports. The spec shows
 * the screens, not their calls: these paths are the issue's.
 */
const tags = ['financeiro'] as const;

/** The file kinds a remittance row holds. */
export const BANK_FILE_LAYOUTS = ['cnab150', 'cnab240', 'payroll'] as const;
export type BankFileLayout = (typeof BANK_FILE_LAYOUTS)[number];

/**
 * What a remittance line's return said (the readers' `status`), plus `pending` (no return yet). `confirmed` (CNAB 240
 * "entrada confirmada", CNAB 150 96) is not a settlement: the charge stays open.
 */
export const REMITTANCE_LINE_STATUSES = ['pending', 'paid', 'rejected', 'written-off', 'confirmed', 'other'] as const;
export type RemittanceLineStatus = (typeof REMITTANCE_LINE_STATUSES)[number];

/** A count and a sum (cents). */
const tally = z.object({ count: z.number().int(), total: z.number().int() });

/** Conciliação (beyond the spec): for one remittance, what came back, in counts and sums (cents). */
export const reconciliationSchema = z.object({
  sent: tally,
  paid: tally,
  rejected: tally,
  writtenOff: tally,
  /** No settling return yet (includes `confirmed` and `other`). */
  pending: tally,
  /** Cents actually paid (a payroll line may be deducted in part, a boleto paid with a different value). */
  paidValue: z.number().int(),
});
export type Reconciliation = z.output<typeof reconciliationSchema>;

/** Spec 2 §3 "Remittance row" (rmId, rmDate, bnkName, rmLastRemessa, rmRecords, rmTotalValue, scanId) and ours after. */
export const remittanceRowSchema = z.object({
  rmId: z.number().int(),
  /** Timestamp (ISO) the file was generated. */
  rmDate: z.string(),
  bnkName: z.string(),
  /** The file's sequence number (NSA) for its bank and layout. */
  rmLastRemessa: z.number().int(),
  /** Charges in the file (detail records: E, P+Q pairs count once, payroll details). */
  rmRecords: z.number().int(),
  /** Cents. */
  rmTotalValue: z.number().int(),
  /** The file in the documents store (GET financeiro/remessa/{rmId}/arquivo downloads it). */
  scanId: z.string().nullable(),
  bnkId: z.number().int(),
  layout: z.enum(BANK_FILE_LAYOUTS),
  fileName: z.string(),
  /** The closing period whose charges it carries (null: charges made by hand). */
  fecId: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  conciliacao: reconciliationSchema,
});
export type RemittanceRow = z.output<typeof remittanceRowSchema>;

/** One charge of a remittance with what its return said. */
export const remittanceLineSchema = z.object({
  /** Line number of its (first) record in the file. */
  line: z.number().int(),
  cobId: z.number().int(),
  cstId: z.number().int(),
  custName: z.string(),
  /** 7 digits (formatNumeroInterno prints 000000-0). */
  custNumeroInterno: z.string().nullable(),
  /** Cents sent. */
  value: z.number().int(),
  dueDate: z.string(),
  status: z.enum(REMITTANCE_LINE_STATUSES),
  /** The bank's own return code and text (as the file gave them), null before a return. */
  retCode: z.string().nullable(),
  retDescription: z.string().nullable(),
  retDate: z.string().nullable(),
  /** Cents the bank says were paid. */
  paidValue: z.number().int().nullable(),
  /** The import that brought the return. */
  importId: z.number().int().nullable(),
});
export type RemittanceLine = z.output<typeof remittanceLineSchema>;

export const remittanceParamsSchema = z.object({ rmId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });
export const remittanceLinesQuerySchema = z.object({
  status: z.enum(REMITTANCE_LINE_STATUSES, { error: m.oneOf }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const remittanceDetailSchema = z.object({
  remessa: remittanceRowSchema,
  items: z.array(remittanceLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RemittanceDetail = z.output<typeof remittanceDetailSchema>;

/**
 * Importar banco (spec 2 §2.7 item 2): the bank/type selector. The reader is chosen by the type; the file's header must
 * agree (a BB file given as Santander is refused with the reason).
 */
export const bankReturnTypes = [
  { value: 'cnab150-bb', label: 'Banco do Brasil - débito automático (CNAB 150)', bnkId: 2 },
  { value: 'cnab150-santander', label: 'Santander - débito automático (CNAB 150)', bnkId: 1 },
  { value: 'cnab150-magiscred', label: 'Magiscred - débito automático (CNAB 150)', bnkId: 18 },
  { value: 'cnab240-boleto', label: 'Boleto bancário - retorno de cobrança (CNAB 240)', bnkId: 11 },
  { value: 'folha', label: 'Folha de pagamento - retorno do desconto em folha', bnkId: 10 },
] as const;
export type BankReturnType = (typeof bankReturnTypes)[number]['value'];
export const BANK_RETURN_TYPES = bankReturnTypes.map((t) => t.value) as [BankReturnType, ...BankReturnType[]];

/** Importar arquivo (spec 2 §2.7 item 1, v2menufinimp): the file-type selector; each type is a module with its parser. */
export const fileImportTypes = [
  { value: 'folha-retorno', label: 'Retorno da folha de pagamento' },
  { value: 'fatura-celular', label: 'Fatura da operadora de celular' },
] as const;
export type FileImportType = (typeof fileImportTypes)[number]['value'];
export const FILE_IMPORT_TYPES = fileImportTypes.map((t) => t.value) as [FileImportType, ...FileImportType[]];

/** One problem an import lists (never skipped silently): the file's line, what and why. */
export const importProblemSchema = z.object({
  line: z.number().int().nullable(),
  kind: z.string(),
  message: z.string(),
  cobId: z.number().int().nullable().optional(),
});

/** What an import did (GET financeiro/importacoes), with every problem it listed. */
export const importResultSchema = z.object({
  records: z.number().int(),
  paid: tally,
  rejected: tally,
  writtenOff: tally,
  /** Records that settled nothing (confirmations, unknown codes). */
  other: z.number().int(),
  /** Records already settled by an earlier import (the same charge, the same return): nothing written again. */
  alreadySettled: z.number().int(),
  problems: z.array(importProblemSchema),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const IMPORT_STATUSES = ['running', 'done', 'refused', 'failed'] as const;
export const importRowSchema = z.object({
  importId: z.number().int(),
  /** 'banco' (Importar banco) or 'arquivo' (Importar arquivo). */
  origem: z.enum(['banco', 'arquivo']),
  tipo: z.string(),
  tipoLabel: z.string(),
  fileName: z.string(),
  /** The file's NSA when its layout has one. */
  nsa: z.number().int().nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** Why a file was refused whole, or why the job failed. */
  message: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  scanId: z.string().nullable(),
  result: importResultSchema.nullable(),
});
export type ImportRow = z.output<typeof importRowSchema>;

export const importStartedSchema = z.object({ message: z.string(), jobId: z.string(), importId: z.number().int() });
export type ImportStarted = z.output<typeof importStartedSchema>;

const financeAccess = { roles: ['v2menufinanceiro'] } as const;

export const bankFilesContracts = {
  remittances: defineContract({
    method: 'GET',
    path: '/financeiro/remessa',
    reply: z.array(remittanceRowSchema),
    access: financeAccess,
    summary: 'Remessas geradas, a mais nova primeiro (spec 2 §3 "Remittance row"), com a conciliação de cada uma',
    tags,
  }),
  remittance: defineContract({
    method: 'GET',
    path: '/financeiro/remessa/:rmId',
    params: remittanceParamsSchema,
    query: remittanceLinesQuerySchema,
    reply: remittanceDetailSchema,
    access: financeAccess,
    summary: 'Uma remessa e suas linhas (associado, cobrança, valor, situação do retorno), filtráveis por situação e paginadas',
    tags,
  }),
  remittanceFile: defineContract({
    method: 'GET',
    path: '/financeiro/remessa/:rmId/arquivo',
    params: remittanceParamsSchema,
    reply: binaryReply,
    access: financeAccess,
    summary: 'O arquivo da remessa, como foi enviado ao banco (ISO-8859-1)',
    tags,
  }),
  importBank: defineContract({
    method: 'POST',
    path: '/financeiro/importarbanco',
    reply: importStartedSchema,
    access: financeAccess,
    summary: 'Importa um arquivo de retorno do banco (multipart: campo tipo e o arquivo): inicia a tarefa e responde seu jobId',
    description:
      'Corpo `multipart/form-data`: campo `tipo` (cnab150-bb, cnab150-santander, cnab150-magiscred, cnab240-boleto, folha) e o arquivo `file`. Um arquivo já importado (banco, NSA e conteúdo) não muda nada; um trailer que não fecha recusa o arquivo inteiro.',
    tags,
  }),
  imports: defineContract({
    method: 'GET',
    path: '/financeiro/importacoes',
    reply: z.array(importRowSchema),
    access: { roles: ['v2menufinanceiro', 'v2menufinimp'] },
    summary: 'Importações feitas (banco e arquivo), a mais nova primeiro, com o resultado e os problemas listados',
    tags,
  }),
  importFile: defineContract({
    method: 'POST',
    path: '/financeiro/importar',
    reply: importStartedSchema,
    access: { roles: ['v2menufinimp'] },
    summary: 'Importa um arquivo (multipart: campo tipo e o arquivo; XLSX, CSV ou texto; XLS recusado)',
    description: 'Corpo `multipart/form-data`: campo `tipo` (folha-retorno, fatura-celular) e o arquivo `file`.',
    tags,
  }),
};
