/**
 * The E-Mail tab [14] of the member record (decision 20; decision 10): the messages the outbox holds for the
 * member (security e-mails without their body), "Reenviar" (a new copy in the outbox) and "Novo e-mail" from an
 * E-mail template of /emails, its placeholders ({nome}, {tratamento}, {associacao}, {data}, {mes}) filled in by
 * the server. Every call needs v2eml (the tab's role).
 */
import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { genericMessages as m } from '../messages.js';
import { outboxStatuses } from '../mail/outbox.schema.js';
import { memberIdParamsSchema } from './member.contract.js';

export const memberMailMessages = {
  noEmail: 'Associado sem e-mail cadastrado.',
  notFound: 'E-mail não encontrado.',
  templateNotFound: 'Modelo de e-mail não encontrado.',
  cannotResendSecurity: 'E-mails de segurança não podem ser reenviados: envie um novo link.',
  unknownPlaceholders: (names: readonly string[]) => `O modelo usa campos que não podem ser preenchidos: ${names.join(', ')}.`,
  queued: 'E-mail colocado na fila de envio.',
} as const;

/** The placeholders the server fills in a template (anything else in braces is refused). */
export const memberMailPlaceholders = {
  '{nome}': 'nome do associado',
  '{tratamento}': 'tratamento (Dr., Dra.…)',
  '{associacao}': 'nome da associação',
  '{data}': 'data de hoje (DD/MM/AAAA)',
  '{mes}': 'mês atual (MM/AAAA)',
} as const;

export const memberMailItemSchema = z.object({
  id: z.number().int(),
  /** Left empty when the user may not view the member's e-mail section. */
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  /** A security e-mail: its body is never shown. */
  sensitive: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type MemberMailItem = z.output<typeof memberMailItemSchema>;

export const memberMailDetailSchema = memberMailItemSchema.extend({
  /** '(conteúdo protegido)' for security e-mails. */
  text: z.string(),
});
export type MemberMailDetail = z.output<typeof memberMailDetailSchema>;

export const memberMailTemplateSchema = z.object({ emID: z.number().int(), emName: z.string(), emDescription: z.string(), emData: z.string() });
export type MemberMailTemplate = z.output<typeof memberMailTemplateSchema>;

const idText = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);
const mailParams = memberIdParamsSchema.extend({ id: idText(memberMailMessages.notFound) });

export const memberMailComposeSchema = z.object({
  emID: z.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }),
});
export type MemberMailCompose = z.output<typeof memberMailComposeSchema>;

const tags = ['associado'];
const access = { roles: ['v2eml'] } as const;

export const memberMailContracts = {
  list: defineContract({
    method: 'GET',
    path: '/user/emails/:cstId',
    params: memberIdParamsSchema,
    reply: z.array(memberMailItemSchema),
    access,
    summary: 'E-mails enviados ao associado (caixa de saída), mais recentes primeiro (aba E-Mail)',
    tags,
  }),
  get: defineContract({
    method: 'GET',
    path: '/user/emails/:cstId/:id',
    params: mailParams,
    reply: memberMailDetailSchema,
    access,
    summary: 'Um e-mail enviado ao associado, com o texto (e-mails de segurança sem o conteúdo)',
    tags,
  }),
  resend: defineContract({
    method: 'POST',
    path: '/user/emails/:cstId/:id/reenviar',
    params: mailParams,
    reply: z.object({ id: z.number().int(), message: z.string() }),
    access,
    summary: 'Reenvia um e-mail ao associado (uma cópia nova na caixa de saída; auditado)',
    tags,
  }),
  templates: defineContract({
    method: 'GET',
    path: '/user/emailmodelos',
    reply: z.array(memberMailTemplateSchema),
    access,
    summary: 'Modelos de e-mail (cadastro /emails) para o "Novo e-mail" da aba E-Mail',
    tags,
  }),
  compose: defineContract({
    method: 'POST',
    path: '/user/emails/:cstId',
    params: memberIdParamsSchema,
    body: memberMailComposeSchema,
    reply: z.object({ id: z.number().int(), message: z.string() }),
    access,
    summary: 'Envia ao associado um e-mail de um modelo, com os campos preenchidos pelo servidor (auditado)',
    tags,
  }),
};
