import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { memberIdParamsSchema } from '../members/member.contract.js';

/** The health declaration's texts (spec 1 §8; the refusals are ours: the spec shows none). */
export const healthDeclarationMessages = {
  sent: 'Declaração de saúde enviada com sucesso!',
  failed: 'Erro para enviar a declaração de saúde',
  invalidPeriod: 'Período inválido',
  periodNotFound: 'Período não encontrado',
  memberNotFound: 'Associado não encontrado',
  notHolder: 'A declaração de saúde é emitida para o titular',
  noPlan: 'Associado sem plano de saúde (planos 21 e 22) no período',
  emailMissing: 'Associado sem e-mail cadastrado',
  emailSubject: 'Declaração de saúde',
} as const;

/** The health plans the declaration covers (spec 2 §3: plans 21 and 22, the health products). */
export const HEALTH_DECLARATION_PLANS = [21, 22] as const;

/** A period as extratoDatas gives it (-fecID for the open period); the server takes |value|. */
const periodText = z
  .string()
  .regex(/^-?\d{1,9}$/, healthDeclarationMessages.invalidPeriod)
  .transform((v) => Math.abs(Number(v)))
  .refine((v) => v > 0, healthDeclarationMessages.invalidPeriod);

export const healthDeclarationParamsSchema = memberIdParamsSchema.extend({ period: periodText });
export const healthDeclarationEmailParamsSchema = memberIdParamsSchema.extend({ fecID: periodText });

/** GET user/decsaude/{cstId}/{period} and GET user/emailsaude/{cstId}/{fecID} (spec 1 §7; roles of the statement menu, §6). */
export const healthDeclarationContracts = {
  pdf: defineContract({
    method: 'GET',
    path: '/user/decsaude/:cstId/:period',
    params: healthDeclarationParamsSchema,
    reply: binaryReply,
    access: { roles: ['v2extratoprint'], self: 'cstId' },
    summary: 'Declaração de saúde (PDF, modelo declaracao-saude) do titular e dos dependentes inscritos nos planos 21/22 ativos no período',
    tags: ['extrato'],
  }),
  email: defineContract({
    method: 'GET',
    path: '/user/emailsaude/:cstId/:fecID',
    params: healthDeclarationEmailParamsSchema,
    reply: z.object({ message: z.string() }),
    access: { roles: ['v2extratoemail'], self: 'cstId' },
    xsrf: true,
    summary: 'Envia a declaração de saúde do período em PDF ao e-mail do associado pela fila de saída',
    tags: ['extrato'],
  }),
};
