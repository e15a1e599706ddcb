import { z } from 'zod';
import { providerAnswerSchema } from './message-providers.js';

export const outboxChannels = ['email', 'sms', 'whatsapp'] as const;
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];
export type OutboxStatus = (typeof outboxStatuses)[number];

/** pt-BR labels of the outbox statuses. */
export const outboxStatusLabels: Record<OutboxStatus, string> = {
  pending: 'Pendente',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falhou',
};

/** GET outbox: newest first, optional status filter, pages of `pageSize`. */
export const outboxQuerySchema = z.object({
  status: z.enum(outboxStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** A file sent with an e-mail (a superadmin downloads it through GET jobs/download/{fileId}). */
export const outboxAttachmentSchema = z.object({ fileId: z.string(), name: z.string(), mimeType: z.string(), size: z.number() });
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

export const outboxItemSchema = z.object({
  id: z.number(),
  channel: z.enum(outboxChannels),
  to: z.string(),
  subject: z.string(),
  /** For security e-mails (password reset) always '(conteúdo protegido)': their links never leave the server. */
  text: z.string(),
  sensitive: z.boolean(),
  status: z.enum(outboxStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  userId: z.number().nullable(),
  cstId: z.number().nullable(),
  attachments: z.array(outboxAttachmentSchema),
  /** SMS and WhatsApp: the adapter that sent it (SMS_PROVIDER / WHATSAPP_PROVIDER), its message id and last answer. */
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  providerAnswer: providerAnswerSchema.nullable(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxItemSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;
