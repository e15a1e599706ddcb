import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { closingMessages } from './closing.messages.js';

const tags = ['fechamento'] as const;

/** Totals of one group of the preview (a service, or a debit place). */
const previewGroup = z.object({
  id: z.number().int(),
  label: z.string(),
  /** Holders concerned. */
  holders: z.number().int(),
  entries: z.number().int(),
  /** Cents. */
  total: z.number().int(),
});

/** What the closing of the open period will write (issue 24: shown before the operator locks the month). */
export const closingPreviewSchema = z.object({
  fecId: z.number().int(),
  /** 'YYYY-MM'. */
  periodo: z.string(),
  holders: z.number().int(),
  entries: z.number().int(),
  /** Cents: the sum of the entries the closing will write. */
  total: z.number().int(),
  byService: z.array(previewGroup),
  byPlace: z.array(previewGroup),
  /** The charges per debit place: holders who will owe something after the closing, and what they will owe (cents). */
  charges: z.array(z.object({ bnkId: z.number().int(), label: z.string(), count: z.number().int(), total: z.number().int() })),
  chargesCount: z.number().int(),
  chargesTotal: z.number().int(),
});
export type ClosingPreview = z.output<typeof closingPreviewSchema>;

export const closingStartSchema = z.object({
  confirm: z.literal(closingMessages.confirmWord, { error: closingMessages.confirmRequired }),
});

/** One run of the closing (GET financeiro/fechamentos). */
export const closingRunSchema = z.object({
  cloId: z.number().int(),
  fecId: z.number().int(),
  periodo: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  jobId: z.string().nullable(),
  startedByName: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  holders: z.number().int().nullable(),
  entries: z.number().int().nullable(),
  total: z.number().int().nullable(),
  charges: z.number().int().nullable(),
  chargesTotal: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type ClosingRun = z.output<typeof closingRunSchema>;

/** The closing's calls (issue 24; the spec shows the screen, not its calls: these are ours). */
export const closingContracts = {
  preview: defineContract({
    method: 'GET',
    path: '/financeiro/fechamento/previa',
    reply: closingPreviewSchema,
    access: { roles: ['v2menufinanceiro'] },
    summary: 'Prévia do fechamento do período em aberto: titulares, lançamentos e totais por serviço e por local de débito, e as cobranças',
    tags,
  }),
  start: defineContract({
    method: 'POST',
    path: '/financeiro/fechamento',
    body: closingStartSchema,
    reply: z.object({ message: z.string(), jobId: z.string() }),
    access: { roles: ['v2menufinanceiro'] },
    summary: 'Inicia o fechamento do período em aberto (tarefa em segundo plano; 409 enquanto outro fechamento roda)',
    tags,
  }),
  list: defineContract({
    method: 'GET',
    path: '/financeiro/fechamentos',
    reply: z.array(closingRunSchema),
    access: { roles: ['v2menufinanceiro'] },
    summary: 'Fechamentos realizados: período, quem, quando, titulares, total, cobranças e a tarefa',
    tags,
  }),
};
