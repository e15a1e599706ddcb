/** Marketing's bodies and replies (issue 29 item 2; docs/MARKETING.md). */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { safeText } from '../validation.js';
import { jobSchema } from '../jobs/job.schema.js';
import { marketingMessages as mm } from './messages.js';
import { CAMPAIGN_CHANNELS, MESSAGE_CHANNELS, SKIP_REASONS, type MessageChannel } from './routing.js';

export const CAMPAIGN_PREVIEW_RECIPIENTS = 10;
export const CAMPAIGN_MAX_PAGE_SIZE = 200;

const id = z.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf);

/** Channel → the template of that channel's registry (message_templates.em_id). */
export const campaignTemplatesSchema = z.strictObject({ email: id.optional(), sms: id.optional(), whatsapp: id.optional() });
export type CampaignTemplates = z.infer<typeof campaignTemplatesSchema>;

/** The channels whose template a campaign on `channel` needs ('preferido': all three). */
export const channelsOf = (channel: (typeof CAMPAIGN_CHANNELS)[number]): readonly MessageChannel[] =>
  channel === 'preferido' ? MESSAGE_CHANNELS : [channel];

const draftShape = {
  filterId: id,
  channel: z.enum(CAMPAIGN_CHANNELS, { error: m.oneOf }),
  templates: campaignTemplatesSchema,
};
const templatesRule = (draft: { channel: (typeof CAMPAIGN_CHANNELS)[number]; templates: CampaignTemplates }, ctx: z.RefinementCtx) => {
  for (const channel of channelsOf(draft.channel))
    if (draft.templates[channel] == null) ctx.addIssue({ code: 'custom', message: mm.templateRequired, path: ['templates', channel] });
};

/** POST marketing/previa. */
export const campaignPreviewBodySchema = z.object(draftShape).superRefine(templatesRule);
export type CampaignPreviewBody = z.infer<typeof campaignPreviewBodySchema>;

/** POST marketing/campanhas: the same body with a name; `idempotencyKey` makes a double click one campaign. */
export const campaignCreateBodySchema = z
  .object({
    name: safeText({ error: m.required }).trim().min(1, m.required).max(120, m.maxLength(120)),
    ...draftShape,
    idempotencyKey: safeText().trim().min(8, m.oneOf).max(80, m.maxLength(80)).optional(),
  })
  .superRefine(templatesRule);
export type CampaignCreateBody = z.infer<typeof campaignCreateBodySchema>;

const channelCounts = z.object({ email: z.number().int(), sms: z.number().int(), whatsapp: z.number().int() });
const skipCounts = z.object({ sem_email: z.number().int(), sem_celular: z.number().int(), recusa: z.number().int(), correio: z.number().int() });

export const campaignPreviewRecipientSchema = z.object({
  cstId: z.number().int(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string(),
  /** The e-mail's subject (the template's description); empty for SMS and WhatsApp. */
  subject: z.string(),
  text: z.string(),
});
export type CampaignPreviewRecipient = z.infer<typeof campaignPreviewRecipientSchema>;

export const campaignPreviewSchema = z.object({
  /** People the filter finds. */
  total: z.number().int(),
  reached: z.number().int(),
  byChannel: channelCounts,
  skipped: skipCounts,
  /** The first reached (by cstId), with the text filled. */
  recipients: z.array(campaignPreviewRecipientSchema),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filterId: z.number().int().nullable(),
  filterName: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  templates: z.object({ email: z.number().int().optional(), sms: z.number().int().optional(), whatsapp: z.number().int().optional() }),
  status: z.enum(['enviando', 'concluida', 'falhou']),
  createdByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  jobId: z.string().nullable(),
  /** Recipients written so far: queued = sent + failed + pending (in the outbox). */
  counts: z.object({
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** The 201 of POST marketing/campanhas: the campaign (the same one again for the same idempotencyKey) and its job. */
export const campaignCreatedSchema = z.object({ campaign: campaignSchema, job: jobSchema.nullable(), message: z.string() });
export type CampaignCreated = z.infer<typeof campaignCreatedSchema>;

export const campaignIdParamsSchema = z.object({ id: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });

export const campaignRecipientsQuerySchema = z.object({
  page: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf).max(100_000, m.oneOf).default(1),
  pageSize: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.oneOf).max(CAMPAIGN_MAX_PAGE_SIZE, m.oneOf).default(50),
});

export const campaignRecipientSchema = z.object({
  cstId: z.number().int(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS).nullable(),
  to: z.string().nullable(),
  outcome: z.enum(['enviado', ...SKIP_REASONS]),
  /** The outbox row's state for a queued one (pending, sending, sent, failed); null when skipped. */
  delivery: z.enum(['pending', 'sending', 'sent', 'failed']).nullable(),
  error: z.string().nullable(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignDetailSchema = z.object({
  campaign: campaignSchema,
  recipients: z.object({
    items: z.array(campaignRecipientSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

const templateOption = z.object({ id: z.number().int(), name: z.string(), description: z.string(), text: z.string() });
/** GET marketing/opcoes: the saved filters the user may use and each channel's templates. */
export const campaignOptionsSchema = z.object({
  filters: z.array(z.object({ id: z.number().int(), name: z.string(), ownerName: z.string(), own: z.boolean() })),
  templates: z.object({ email: z.array(templateOption), sms: z.array(templateOption), whatsapp: z.array(templateOption) }),
});
export type CampaignOptions = z.infer<typeof campaignOptionsSchema>;
