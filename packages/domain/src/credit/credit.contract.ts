import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';
import { creditSchema } from './credit.schema.js';

/**
 * Who may issue a credit (spec 2 §6 names none: "two different users' CPF and password"): the Cobranças tab's edit
 * role, where the "Lançar crédito" button lives (spec 1 §2, §6). Both users must hold it.
 */
export const creditRoles = ['v2cobrancanew'] as const satisfies readonly Role[];

export const creditReplySchema = z.object({ message: z.string(), extId: z.number().int(), created: z.boolean() });
export type CreditReply = z.output<typeof creditReplySchema>;

export const creditContracts = {
  issue: defineContract({
    method: 'POST',
    path: '/user/credito/:cstId',
    params: memberIdParamsSchema,
    body: creditSchema,
    reply: creditReplySchema,
    access: { roles: [...creditRoles] },
    summary:
      'Lança um crédito (valor negativo) no período em aberto do titular, confirmado por dois usuários diferentes (CPF e senha verificados, com o limite de tentativas da entrada); idempotente por creditoKey',
    tags: ['credito'],
  }),
};
