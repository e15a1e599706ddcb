import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';

export const mobileCallsMessages = {
  title: 'Extrato do celular',
  invalidPeriod: 'Período inválido',
  memberNotFound: 'Associado não encontrado',
  empty: 'Nenhuma ligação no período',
} as const;

/** Who sees the mobile statement: the Extratos tab (where it is shown) or the Serviços tab (the phone service). */
export const mobileCallsRoles = ['v2tabextratos', 'v2tabservicos'] as const satisfies readonly Role[];

const number = (max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, mobileCallsMessages.invalidPeriod)
    .transform(Number)
    .refine((v) => v <= max, mobileCallsMessages.invalidPeriod);

/** `ano` / `mes` 0 ask for the newest month with records. */
export const mobileCallsParamsSchema = memberIdParamsSchema.extend({ ano: number(2200), mes: number(12) });

export const mobileCallSchema = z.object({
  mcId: z.number().int(),
  data: z.string(),
  numero: z.string(),
  tipo: z.string(),
  responsavel: z.string(),
  destino: z.string(),
  qtde: z.number().int(),
  valor: z.number().int(),
});
export type MobileCall = z.output<typeof mobileCallSchema>;

export const mobileCallsReplySchema = z.object({
  /** The month shown (0/0 when the member has no records). */
  ano: z.number().int(),
  mes: z.number().int(),
  /** The months with records, newest first (the month selector). */
  periodos: z.array(z.object({ ano: z.number().int(), mes: z.number().int(), label: z.string() })),
  chamadas: z.array(mobileCallSchema),
  /** Sum of Valor, cents. */
  total: z.number().int(),
});
export type MobileCallsReply = z.output<typeof mobileCallsReplySchema>;

export const mobileCallsContracts = {
  statement: defineContract({
    method: 'GET',
    path: '/celular/:cstId/:ano/:mes',
    params: mobileCallsParamsSchema,
    reply: mobileCallsReplySchema,
    access: { roles: [...mobileCallsRoles] },
    summary: 'Extrato do celular do titular num mês (0/0: o mês mais recente): ligações, meses disponíveis e total',
    tags: ['celular'],
  }),
};
