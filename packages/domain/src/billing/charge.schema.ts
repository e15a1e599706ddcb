import { z } from 'zod';
import { isoDateInAppZone, isValidIsoDate } from '../format.js';
import { genericMessages as m } from '../messages.js';
import { childItem } from '../members/member.schema.js';
import { BOLETO } from '../members/bank-rules.js';
import { intRange, moneyCents } from '../validation.js';
import { chargeMessages } from './charges.messages.js';

/** New-charge form's debit place (spec 1 §3): 0 the member's registered place, 1 boleto (debit place 11). */
export const chargeLocals = [
  { value: 0, label: 'Local cadastrado' },
  { value: 1, label: 'Boleto bancário' },
] as const;

const isoDate = () => z.string({ error: m.required }).refine((v) => isValidIsoDate(v), m.pattern);
const nullableText = (max: number) => z.string().max(max).nullable().optional();

/** Due date of a new charge: a date, not before today (in the association's time zone). */
const dueDateNotPast = () => isoDate().refine((v) => v >= isoDateInAppZone(), chargeMessages.dateBeforeToday);

/** The "Adicionar nova cobrança" form (spec 1 §3 / §5): local, vencimento, valor (cents), lancamentos 1–12. */
export const newChargeSchema = z.object({
  local: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }),
  vencimento: dueDateNotPast(),
  valor: moneyCents({ min: 1 }),
  lancamentos: intRange(1, 12),
});
export type NewCharge = z.output<typeof newChargeSchema>;

/**
 * A row of the member's `cobrancas` list (spec 1 §3 "Charge"). Stored rows come back marked 'none' and are
 * read-only; a new charge is a row marked 'insert' with the form's fields (`local`, `lancamentos`), which the
 * member's save turns into one charge per instalment.
 */
export const chargeItemSchema = childItem({
  /** Absent or negative for a new row. */
  cobId: z.number().int().optional(),
  cobVencimento: isoDate(),
  cobRetorno: isoDate().nullable().optional(),
  /** Integer cents. */
  cobValor: moneyCents({ min: 1 }),
  bnkId: z.number().int().nullable().optional(),
  bnkName: nullableText(60),
  cobAgencia: nullableText(4),
  cobAgenciaDv: nullableText(1),
  cobConta: nullableText(8),
  cobContaDv: nullableText(1),
  cdrCodRet: z.number().int().nullable().optional(),
  cdrDescription: nullableText(80),
  /** Instalment k of n. */
  cobParcela: z.number().int().optional(),
  cobParcelas: z.number().int().optional(),
  /** Boleto: nosso número as printed, and the linha digitável (read only). */
  cobNossoNumero: nullableText(20),
  cobLinhaDigitavel: nullableText(60),
  /** Who created it and when (read only, ISO). */
  cobCreatedBy: nullableText(64),
  cobCreated: z.string().nullable().optional(),
  /** New charge only: 0 registered place, 1 boleto; instalments 1–12. */
  local: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }).optional(),
  lancamentos: intRange(1, 12).optional(),
  version: z.number().int().optional(),
}).superRefine((v, ctx) => {
  if (v.operation !== 'insert') return;
  if (v.cobVencimento < isoDateInAppZone()) ctx.addIssue({ code: 'custom', path: ['cobVencimento'], message: chargeMessages.dateBeforeToday });
  if (v.local === undefined) ctx.addIssue({ code: 'custom', path: ['local'], message: m.required });
});
export type ChargeItem = z.output<typeof chargeItemSchema>;

/** Spec 1 §4: yellow without a return date; red with a return date and a code above 0; otherwise plain. */
export function chargeRowState(charge: Pick<ChargeItem, 'cobRetorno' | 'cdrCodRet'>): 'open' | 'rejected' | 'plain' {
  if (!charge.cobRetorno) return 'open';
  return (charge.cdrCodRet ?? 0) > 0 ? 'rejected' : 'plain';
}

/** Spec 1 §6: the boleto's print and e-mail icons, only for a bank-11 charge without a return date. */
export const hasBoletoActions = (charge: Pick<ChargeItem, 'bnkId' | 'cobRetorno' | 'operation'>) =>
  charge.bnkId === BOLETO && !charge.cobRetorno && charge.operation !== 'insert';

/** Spec 1 §4: "Nova cobrança" is disabled while some charge has no return date, or when there is no debt. */
export const canAddCharge = (charges: readonly Pick<ChargeItem, 'cobRetorno'>[], debt: number) =>
  debt > 0 && charges.every((c) => Boolean(c.cobRetorno));

/** The amounts of n instalments of a value: equal parts, the remaining cents on the first. */
export function splitInstalments(total: number, n: number): number[] {
  const part = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? total - part * (n - 1) : part));
}

/** Due date of instalment k (1-based): the first's date plus k − 1 months (the month's last day when it is shorter). */
export function instalmentDueDate(first: string, k: number): string {
  const [y, mo, d] = first.split('-').map(Number) as [number, number, number];
  const month0 = mo - 1 + (k - 1);
  const year = y + Math.floor(month0 / 12);
  const month = (month0 % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
