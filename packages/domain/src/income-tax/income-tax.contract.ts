import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';

/** The income-tax texts (spec 1 §8 "IR enviado com sucesso!"; the refusals are ours). */
export const incomeTaxMessages = {
  sent: 'IR enviado com sucesso!',
  failed: 'Erro para enviar o IR',
  invalidYear: 'Ano-base inválido',
  memberNotFound: 'Associado não encontrado',
  notHolder: 'O informe de rendimentos é emitido para o titular',
  noPayments: 'Sem pagamentos de plano de saúde no ano-base',
  emailDeceased: 'Envio de IR por e-mail não permitido para associado falecido',
  emailNotAllowed: 'Associado não optou por receber o IR por e-mail',
  emailMissing: 'Associado sem e-mail cadastrado',
  emailSubject: 'Informe de rendimentos (IR) — ano-base',
} as const;

const yearText = z
  .string()
  .regex(/^\d{4}$/, incomeTaxMessages.invalidYear)
  .transform(Number)
  .refine((v) => v >= 2000 && v <= 2200, incomeTaxMessages.invalidYear);

export const incomeTaxParamsSchema = memberIdParamsSchema.extend({ ano: yearText });
export const incomeTaxPdfParamsSchema = memberIdParamsSchema.extend({ period: yearText });

/**
 * An IR group's amounts (issue 22 item 2): `valor` what was paid to the plan (fees, co-payments, net of their reversals),
 * `reembolsado` the credits issued on its services (refunds), shown apart, never netted into `valor`.
 */
const amountsSchema = z.object({ irgrpId: z.number().int(), nome: z.string(), valor: z.number().int(), reembolsado: z.number().int() });

/** Decision 7: a holder's base-year statement — per beneficiary (holder and dependents), the amounts per IR group. */
export const incomeTaxStatementSchema = z.object({
  ano: z.number().int(),
  entidade: z.object({ nome: z.string(), cnpj: z.string() }),
  titular: z.object({ cstId: z.number().int(), nome: z.string(), cpf: z.string().nullable() }),
  beneficiarios: z.array(
    z.object({
      cstId: z.number().int(),
      nome: z.string(),
      cpf: z.string().nullable(),
      parentesco: z.string(),
      nascimento: z.string().nullable(),
      grupos: z.array(amountsSchema),
      total: z.number().int(),
    }),
  ),
  grupos: z.array(amountsSchema),
  /** Sum of every beneficiary's amounts paid, cents. */
  total: z.number().int(),
  /** Sum of every beneficiary's amounts reimbursed, cents. */
  reembolsado: z.number().int(),
});
export type IncomeTaxStatement = z.output<typeof incomeTaxStatementSchema>;

/** GET user/ir/{cstId}/{ano}, user/irpdf/{cstId}/{period}, user/emailir/{cstId}/{ano} (spec 1 §7; roles §6). */
export const incomeTaxContracts = {
  statement: defineContract({
    method: 'GET',
    path: '/user/ir/:cstId/:ano',
    params: incomeTaxParamsSchema,
    reply: incomeTaxStatementSchema,
    access: { roles: ['v2tabir'], self: 'cstId' },
    summary:
      'Informe de rendimentos do titular no ano-base: por beneficiário (titular e dependentes), os valores por grupo de IR dos períodos fechados',
    tags: ['ir'],
  }),
  pdf: defineContract({
    method: 'GET',
    path: '/user/irpdf/:cstId/:period',
    params: incomeTaxPdfParamsSchema,
    reply: binaryReply,
    access: { roles: ['v2tabir'], self: 'cstId' },
    summary: 'Informe de rendimentos do ano-base (period) em PDF, modelo informe-rendimentos',
    tags: ['ir'],
  }),
  email: defineContract({
    method: 'GET',
    path: '/user/emailir/:cstId/:ano',
    params: incomeTaxParamsSchema,
    reply: z.object({ message: z.string() }),
    access: { roles: ['v2iremail'], self: 'cstId' },
    xsrf: true,
    summary: 'Envia o informe de rendimentos do ano-base ao e-mail do associado (situação diferente de 5 e custIRPorEmail ligado)',
    tags: ['ir'],
  }),
};
