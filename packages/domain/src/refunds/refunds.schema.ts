/**
 * The refund (devolução; spec 2 §3 "Refund", field names as the spec lists them) and its form's rules (spec 2 §5
 * "Refund form", generic messages verbatim): one schema for the dialog and the server's save. The status rule needs
 * the world (who saves, the stored status), so it takes them as a context, like the CCH's.
 */
import { z } from 'zod';
import { isValidIsoDate, onlyDigits } from '../format.js';
import { dateMessages, genericMessages as m } from '../messages.js';
import { isValidCpf } from '../people/cpf.js';
import { loadedVersion, recordVersion, versionQuerySchema, withVersion } from '../record-version.js';
import { crossFieldRules, moneyCents, optionalText, safeText } from '../validation.js';
import { refundMessages } from './messages.js';
import {
  isRefundStatus,
  refundMoveRefusal,
  refundStatuses,
  refundStatusLabel,
  refundTypes,
  type RefundActor,
  type RefundStatus,
} from './refunds.status.js';

/** Spec 2 §5 / §9: amount 0.01 to 30,000.00 (in cents), names at least 4, notes up to 1,024. */
export const REFUND_MIN_CENTS = 1;
export const REFUND_MAX_CENTS = 3_000_000;
export const refundLimits = { nameMin: 4, name: 120, notes: 1024, notesMinRows: 6, notesMaxRows: 30 } as const;

const requiredId = () => z.number({ error: m.required }).int({ error: m.required }).min(1, m.required);
const requiredName = () =>
  safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .min(refundLimits.nameMin, m.minLength(refundLimits.nameMin))
    .max(refundLimits.name, m.maxLength(refundLimits.name));
const oneOf = (values: readonly number[]) =>
  z
    .number({ error: m.required })
    .int({ error: m.oneOf })
    .refine((v) => values.includes(v), m.oneOf);

/** The refund's own fields: what the dialog edits and POST devolucao / PUT devolucao/{devId} carry. */
export const refundFields = z.object({
  /** The person the refund is for (holder or dependent) and their holder, as the member search answered them. */
  cstId: requiredId(),
  titId: requiredId(),
  custName: requiredName(),
  titNome: requiredName(),
  custCpf: safeText({ error: m.required })
    .trim()
    .min(1, m.required)
    .regex(/^[\d.\-\s]*$/, m.cpf)
    .overwrite(onlyDigits)
    .refine((v) => isValidCpf(v), m.cpf),
  devStatus: oneOf(refundStatuses),
  /** 1 Sistema (a credit in the ledger), 2 C/C (a transfer to an external account). */
  devTipo: oneOf(refundTypes),
  devValor: moneyCents({ min: REFUND_MIN_CENTS, max: REFUND_MAX_CENTS }),
  supId: requiredId(),
  sucId: requiredId(),
  svcId: requiredId(),
  observacoes: optionalText(refundLimits.notes),
  version: loadedVersion(),
});
export type RefundInput = z.input<typeof refundFields>;
type Values = z.output<typeof refundFields>;

export interface RefundContext {
  /** Who saves (v2devapr or not); undefined: the status move is not checked. */
  readonly actor?: RefundActor;
  /** The stored status: null for a new refund; undefined: not checked. */
  readonly previousStatus?: RefundStatus | null;
}

/** The status rule of spec 2 §4 as a field issue (the server answers a move only the approver may make with 403 before this). */
export function refundStatusIssue(v: Partial<Values>, context: RefundContext): string | null {
  if (!context.actor || context.previousStatus === undefined || !isRefundStatus(v.devStatus)) return null;
  const from = context.previousStatus;
  const refusal = refundMoveRefusal(context.actor, from, v.devStatus);
  if (refusal === null) return null;
  if (refusal === 'forbidden') return refundMessages.approverOnly;
  if (from === null) return refundMessages.newStatusInvalid;
  if (from >= 3) return refundMessages.finalLocked;
  return refundMessages.statusChangeRefused(refundStatusLabel(from), refundStatusLabel(v.devStatus));
}

/** The refund's schema with its context's rule (the dialog: the user's roles and the loaded status; the server: the same). */
export function refundSchema(context: RefundContext = {}) {
  return refundFields.superRefine(
    ...crossFieldRules((v: Partial<Values>, ctx) => {
      const issue = refundStatusIssue(v, context);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['devStatus'], input: v.devStatus });
    }),
  );
}
export type Refund = z.output<ReturnType<typeof refundSchema>>;

/** POST devolucao; PUT devolucao/{devId} with the version it loaded (409 when the refund moved on). */
export const refundCreateBodySchema = refundSchema();
export const refundUpdateBodySchema = withVersion(refundSchema());

/** A stored refund (list rows, the POST/PUT reply). */
export const refundRecordSchema = z.object({
  devId: z.number().int(),
  cstId: z.number().int(),
  titId: z.number().int(),
  titNome: z.string(),
  custName: z.string(),
  custCpf: z.string(),
  devStatus: z.number().int(),
  devTipo: z.number().int(),
  devValor: z.number().int(),
  supId: z.number().int(),
  sucId: z.number().int(),
  svcId: z.number().int(),
  svcName: z.string(),
  observacoes: z.string().nullable(),
  /** When the refund was registered (timestamp), and by which staff user. */
  createdDate: z.string(),
  createdByName: z.string(),
  /** Who approved it (status 2) and when; who finalised or cancelled it and when. */
  approvedByName: z.string().nullable(),
  approvedDate: z.string().nullable(),
  closedByName: z.string().nullable(),
  closedDate: z.string().nullable(),
  /** The ledger credit of a FINALIZADO type-1 refund (null otherwise). */
  extId: z.number().int().nullable(),
  version: recordVersion(),
});
export type RefundRecord = z.output<typeof refundRecordSchema>;

/** GET devolucao/{status}. */
export const refundStatusParamsSchema = z.object({
  status: z.coerce
    .number({ error: m.oneOf })
    .int({ error: m.oneOf })
    .refine((v) => (refundStatuses as readonly number[]).includes(v), m.oneOf),
});
/** Beyond the spec (issue 27): a search by name or CPF (of the person or the holder) and pages (thousands of rows). */
export const refundListQuerySchema = z.object({
  q: safeText().trim().max(80, m.maxLength(80)).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const refundExportQuerySchema = refundListQuerySchema.pick({ q: true });
export const refundListPageSchema = z.object({
  items: z.array(refundRecordSchema),
  total: z.number().int(),
  /** The sum of devValor of every row of the filter (not only the page). */
  totalValor: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RefundListPage = z.output<typeof refundListPageSchema>;

export const refundIdParamsSchema = z.object({ devId: z.coerce.number({ error: m.oneOf }).int({ error: m.oneOf }).positive(m.oneOf) });
export { versionQuerySchema as refundDeleteQuerySchema };

/** GET devolucao/search?q=: holders and dependents (with their holder) by name or CPF. */
export const refundSearchQuerySchema = z.object({
  q: safeText({ error: m.required }).trim().min(3, m.minLength(3)).max(80, m.maxLength(80)),
});
/** A search result (spec 2 §3 "Search result for refunds"). */
export const refundSearchRowSchema = z.object({
  cstId: z.number().int(),
  custName: z.string(),
  custCPF: z.string().nullable(),
  titular: z.boolean(),
  parentId: z.number().int().nullable(),
  custTitularName: z.string(),
});
export type RefundSearchRow = z.output<typeof refundSearchRowSchema>;

/** Beyond the spec (issue 27): the FINALIZADO type-2 refunds to transfer, finalised between two dates (both optional). */
export const refundToPayQuerySchema = z
  .object({
    de: safeText()
      .refine((v) => isValidIsoDate(v), dateMessages.invalid)
      .optional(),
    ate: safeText()
      .refine((v) => isValidIsoDate(v), dateMessages.invalid)
      .optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: refundMessages.dateRange, path: ['ate'] });
export const refundToPayRowSchema = z.object({
  devId: z.number().int(),
  custName: z.string(),
  titNome: z.string(),
  titCpf: z.string().nullable(),
  devValor: z.number().int(),
  svcName: z.string(),
  closedDate: z.string(),
  /** The holder's bank account (member record): the bank's code and name, branch, account. */
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  agencia: z.string().nullable(),
  conta: z.string().nullable(),
});
export type RefundToPayRow = z.output<typeof refundToPayRowSchema>;
