import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { crossFieldRules, intRange, optionalText } from '../validation.js';
import { postingMessages } from './postings.messages.js';

/** Spec 2 §9: at most 50 rows per posting; phones have 11 digits. */
export const POSTING_MAX_ROWS = 50;
export const POSTING_PHONE_DIGITS = 11;
/** Ours: one row's value is at most R$ 100.000,00 either way (cents); a file may carry at most 20,000 lines. */
export const POSTING_MAX_ABS_CENTS = 10_000_000;
export const POSTING_FILE_MAX_LINES = 20_000;

/** The posting plugin of a service (spec 2 §2.6): phone mode, file mode, or the default rows. */
export const postingPlugins = ['lanccelular', 'lancbar'] as const;
export type PostingPlugin = (typeof postingPlugins)[number];
export type PostingMode = 'padrao' | PostingPlugin;
export const postingModeOf = (plugin: PostingPlugin | null | undefined): PostingMode => plugin ?? 'padrao';

/** A service that can be posted (spec 2 §3 "Service to post"; GET lancamentos). */
export const postableServiceSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** 0 Fixo, 1 Digitação, 2 Remessa, 3 Serviço. */
  serviceType: z.number().int(),
  plugin: z.enum(postingPlugins).nullable(),
  parcelasMax: z.number().int(),
  /** Holders only (the service does not allow dependents). */
  onlyTitular: z.boolean(),
});
export type PostableService = z.output<typeof postableServiceSchema>;

const phoneDigits = z.string().regex(new RegExp(`^\\d{${POSTING_PHONE_DIGITS}}$`), postingMessages.phoneInvalid);

/**
 * One posting row (spec 2 §3 "Posting row"): `value` is the row's whole amount in cents (nonzero: a negative row is a
 * discount, spec 2 §4 "every row has a nonzero value"), split into `parcelas` monthly instalments; `phone` (11 digits)
 * only in phone mode. `label` is the picked member's label, kept for the client; the server names entries itself.
 */
export const postingRowSchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(POSTING_MAX_ROWS - 1),
  cstId: z.number({ error: m.required }).int().positive(m.required),
  label: optionalText(120),
  parcelas: intRange(1, 99),
  value: z
    .number({ error: m.required })
    .int({ error: m.oneOf })
    .min(-POSTING_MAX_ABS_CENTS, m.numericMin)
    .max(POSTING_MAX_ABS_CENTS, m.numericMax)
    .refine((v) => v !== 0, postingMessages.valueZero),
  phone: phoneDigits.nullish(),
});
export type PostingRow = z.output<typeof postingRowSchema>;

/**
 * The body of POST lancamentos (spec 2 §7): the service and its rows. `lancamentoKey` (not in the spec) is the screen's
 * idempotency key: a double submit or a retried request with the same key posts once.
 */
export const postingBodySchema = z
  .object({
    svcId: z.number({ error: m.required }).int().positive(m.required),
    lancamentos: z.array(postingRowSchema).min(1, postingMessages.noRows).max(POSTING_MAX_ROWS, postingMessages.tooManyRows),
    lancamentoKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, m.pattern)
      .optional(),
  })
  .superRefine(
    ...crossFieldRules((v: { lancamentos?: readonly { value?: unknown }[] }, ctx) => {
      const total = (v.lancamentos ?? []).reduce((sum, row) => sum + (typeof row.value === 'number' ? row.value : 0), 0);
      if (total <= 0) ctx.addIssue({ code: 'custom', message: postingMessages.totalNotPositive, path: ['lancamentos'], input: v.lancamentos });
    }),
  );
export type PostingBody = z.output<typeof postingBodySchema>;

/** POST lancamentos and POST lancamentos/files answer the queued job. */
export const postingStartedSchema = z.object({ message: z.string(), jobId: z.string(), postingId: z.number().int(), created: z.boolean() });
export type PostingStarted = z.output<typeof postingStartedSchema>;

/** POST search/phones (spec 2 §7: "text"): the digits typed, masked or not. */
export const phoneSearchBodySchema = z.object({ text: z.string().max(40, m.maxLength(40)) });
export const phoneSearchResultSchema = z.object({ cstId: z.number().int(), custName: z.string() });
export type PhoneSearchResult = z.output<typeof phoneSearchResultSchema>;

/** Digits of a typed phone ("(11) 11111-1111" → "11111111111"). */
export const phoneDigitsOf = (text: string) => text.replace(/\D/g, '');
