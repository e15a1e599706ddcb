import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { ledgerMessages } from './ledger.messages.js';
import { statementSchema } from './ledger.schema.js';

const tags = ['extrato'] as const;

const idText = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
/** A period as extratoDatas gives it: -fecID for the open period, +fecID for a closed one (the server takes |value|). */
const periodText = z
  .string()
  .regex(/^-?\d{1,9}$/, ledgerMessages.invalidPeriod)
  .transform((v) => Math.abs(Number(v)))
  .refine((v) => v > 0, ledgerMessages.invalidPeriod);

export const statementParamsSchema = z.object({ cstId: idText(ledgerMessages.invalidMember), fecID: periodText });
export const statementPdfParamsSchema = z.object({ cstId: idText(ledgerMessages.invalidMember), period: periodText });
export const reverseParamsSchema = z.object({ extId: idText(ledgerMessages.invalidEntry) });
export const ledgerMessageReplySchema = z.object({ message: z.string() });

/** The statement's calls (spec 1 §7; roles spec 1 §6). */
export const ledgerContracts = {
  statement: defineContract({
    method: 'GET',
    path: '/user/extrato/:cstId/:fecID',
    params: statementParamsSchema,
    reply: statementSchema,
    access: { roles: ['v2tabextratos'], self: 'cstId' },
    summary: 'Extrato do titular num período (fecID; o período em aberto vem negativo em extratoDatas): lançamentos com saldo corrente',
    tags,
  }),
  pdf: defineContract({
    method: 'GET',
    path: '/user/extratopdf/:cstId/:period',
    params: statementPdfParamsSchema,
    reply: binaryReply,
    access: { roles: ['v2tabextratos'], self: 'cstId' },
    summary: 'Extrato do período em PDF (modelo extrato), com os lançamentos do razão',
    tags,
  }),
  email: defineContract({
    method: 'GET',
    path: '/user/emailextrato/:cstId/:fecID',
    params: statementParamsSchema,
    reply: ledgerMessageReplySchema,
    access: { roles: ['v2extratoemail'], self: 'cstId' },
    xsrf: true,
    summary: 'Envia o extrato do período em PDF ao e-mail do associado pela fila de saída (recusado para situação 5)',
    tags,
  }),
  reverse: defineContract({
    method: 'GET',
    path: '/user/extrato/estorno/:extId',
    params: reverseParamsSchema,
    reply: ledgerMessageReplySchema,
    access: { roles: ['v2extratoestorno'] },
    xsrf: true,
    summary: 'Estorna um lançamento: contralançamento no período em aberto ligado ao original (uma vez só; um estorno não se estorna)',
    tags,
  }),
};
