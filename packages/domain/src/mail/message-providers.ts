import { z } from 'zod';

/**
 * SMS and WhatsApp through provider adapters (decision 10): what a provider answered to one message. `accepted`:
 * taken, with the provider's message id; `rejected`: refused for good (the outbox row fails with the reason);
 * `rate-limited` and `temporary`: tried again later (Retry-After when the provider gives one, else the e-mail backoff).
 */
export const providerOutcomes = ['accepted', 'rejected', 'rate-limited', 'temporary'] as const;
export type ProviderOutcome = (typeof providerOutcomes)[number];

export const providerOutcomeLabels: Record<ProviderOutcome, string> = {
  accepted: 'Aceita',
  rejected: 'Recusada',
  'rate-limited': 'Limite de envio',
  temporary: 'Falha temporária',
};

/** The adapters chosen by SMS_PROVIDER and WHATSAPP_PROVIDER, with their names on the outbox screen. */
export const messageProviderLabels: Record<string, string> = {
  zenvia: 'Zenvia',
  meta: 'WhatsApp Cloud API',
};

/** The provider's last answer as the outbox row keeps it. */
export const providerAnswerSchema = z.object({
  outcome: z.enum(providerOutcomes),
  /** The HTTP status, or null when no answer came (network error, time-out). */
  httpStatus: z.number().nullable(),
  /** The provider's own error code (Zenvia's `code`, the Graph API's `error.code`). */
  code: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

/** A WhatsApp template message: the name approved at Meta and the body's parameters {{1}}, {{2}}… in order. */
export const whatsappTemplateSchema = z.object({ name: z.string(), parameters: z.array(z.string()) });
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;

/** Failures the sender records on an SMS or WhatsApp row before or without a provider's answer. */
export const messageProviderMessages = {
  invalidPhone: 'Número de celular inválido: informe DDD e número, ex.: (61) 98765-4321',
  notMobile: 'O número é de telefone fixo: SMS e WhatsApp só chegam a celulares',
  noTemplate: 'Mensagem de WhatsApp sem modelo: a API do WhatsApp só entrega modelos aprovados pela Meta',
  noAnswer: (detail: string) => `O provedor não respondeu: ${detail}`,
  timeout: 'O provedor não respondeu a tempo',
  unauthorized: (status: number) => `O provedor recusou as credenciais (HTTP ${status}): confira o token configurado`,
  unexpected: (status: number) => `Resposta inesperada do provedor (HTTP ${status})`,
} as const;

/**
 * The name a template of the WhatsApp registry (/emails) has at Meta: lower case, letters, digits and underscores
 * (Meta's rule for template names), accents dropped — 'CCH APROVADO' → 'cch_aprovado'.
 */
export function whatsappTemplateName(registryName: string): string {
  return registryName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The placeholders ({nome}, {mes}…) of a template's text, each once, in the order they first appear. */
export function templatePlaceholders(text: string): string[] {
  return [...new Set(text.match(/\{[a-zA-Z_]+\}/g) ?? [])];
}

/**
 * A registry template as a WhatsApp template message: Meta's name for it and one body parameter per placeholder, in
 * the order they first appear (the template approved at Meta has {{1}} where the text has its first placeholder…).
 */
export function whatsappTemplateOf(template: { name: string; text: string }, values: Record<string, string>): WhatsappTemplate {
  return { name: whatsappTemplateName(template.name), parameters: templatePlaceholders(template.text).map((p) => values[p] ?? '') };
}
