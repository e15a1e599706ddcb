import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';
import { chargeMessages } from './charges.messages.js';

const tags = ['cobranca'] as const;

/** The charge roles (spec 1 §6): either one opens the charges' calls. */
export const chargeRoles = ['v2cobrancaview', 'v2cobrancanew'] as const satisfies readonly Role[];

export const chargeIdParamsSchema = z.object({
  cobId: z
    .string()
    .regex(/^\d{1,9}$/, chargeMessages.invalidChargeId)
    .transform(Number),
});

/** GET cobranca/divida/{cstId}: the holder's outstanding debt in integer cents (never negative). */
export const debtReplySchema = z.object({ cstId: z.number().int(), divida: z.number().int() });
export type DebtReply = z.output<typeof debtReplySchema>;

/** The charges' own calls (spec 1 §7); the charges themselves are the member record's `cobrancas` list. */
export const chargeContracts = {
  debt: defineContract({
    method: 'GET',
    path: '/cobranca/divida/:cstId',
    params: memberIdParamsSchema,
    reply: debtReplySchema,
    access: { roles: [...chargeRoles], self: 'cstId' },
    summary: 'Débito em aberto do titular (centavos): o faturado nos períodos fechados, mais os créditos do período aberto, menos as cobranças pagas',
    tags,
  }),
  boleto: defineContract({
    method: 'GET',
    path: '/user/boleto/:cobId',
    params: chargeIdParamsSchema,
    reply: binaryReply,
    access: { roles: [...chargeRoles], owner: 'cobId' },
    summary: 'Boleto bancário (PDF) de uma cobrança por boleto (local 11) sem retorno',
    tags,
  }),
  emailBoleto: defineContract({
    method: 'GET',
    path: '/user/boleto/email/:cobId',
    params: chargeIdParamsSchema,
    reply: z.object({ message: z.string() }),
    access: { roles: [...chargeRoles] },
    xsrf: true,
    summary: 'Envia o boleto bancário (PDF anexo) ao e-mail do associado pela fila de saída',
    tags,
  }),
};
