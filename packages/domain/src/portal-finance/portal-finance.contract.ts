import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';

const option = z.object({ value: z.number().int(), label: z.string() });

/** One of the member's charges as the portal shows it (read-only: no new charge, no cancel). */
export const portalChargeSchema = z.object({
  cobId: z.number().int(),
  /** ISO dates. */
  cobVencimento: z.string(),
  cobRetorno: z.string().nullable(),
  /** Integer cents. */
  cobValor: z.number().int(),
  bnkId: z.number().int().nullable(),
  bnkName: z.string().nullable(),
  cdrCodRet: z.number().int().nullable(),
  cdrDescription: z.string().nullable(),
  cobParcela: z.number().int().nullable(),
  cobParcelas: z.number().int().nullable(),
  cobLinhaDigitavel: z.string().nullable(),
});
export type PortalCharge = z.output<typeof portalChargeSchema>;

/**
 * What the portal's Extratos, I.R. and Cobranças tabs list (issue 28 item 3): the statement periods (extratoDatas:
 * the open one as -fecID, then the closed ones), the I.R. base years (irDatas), the charges, and what decides the
 * e-mail buttons (situation 5 refuses them; the I.R. by e-mail needs custIRPorEmail).
 */
export const portalFinanceSchema = z.object({
  cstId: z.number().int(),
  custAssocSituacao: z.number().int().nullable(),
  custIRPorEmail: z.boolean(),
  custEmail: z.string().nullable(),
  extratoDatas: z.array(option),
  irDatas: z.array(option),
  cobrancas: z.array(portalChargeSchema),
});
export type PortalFinance = z.output<typeof portalFinanceSchema>;

/** The portal's own read of the member's money lists: the member's own call only (404 about anyone else). */
export const portalFinanceContracts = {
  summary: defineContract({
    method: 'GET',
    path: '/portal/financeiro/:cstId',
    params: memberIdParamsSchema,
    reply: portalFinanceSchema,
    access: { roles: [], self: 'cstId' },
    summary: 'Portal do associado: períodos de extrato, anos-base de I.R. e cobranças do próprio associado (404 sobre qualquer outro)',
    tags: ['portal'],
  }),
};
