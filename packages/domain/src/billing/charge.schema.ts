import { z } from 'zod';
import { isoDateInAppZone, isValidIsoDate } from '../format.js';
import { genericMessages as m } from '../messages.js';
import { childItem } from '../members/child-rows.js';
import { BOLETO } from '../members/bank-rules.js';
import { crossFieldRules, intRange, moneyCents } from '../validation.js';
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

/**
 * "Dia Útil" of the new charge (spec 1 §5: a number 1 to 31; optional). The spec does not say what it does; our
 * reading (the finance staff's): the day of the month on which instalments 2..n fall due — see `instalmentDueDate`.
 */
export const diaUtilField = () => intRange(1, 31).nullable().optional();

/** The "Adicionar nova cobrança" form (spec 1 §3 / §5): local, vencimento, valor (cents), lancamentos 1–12, Dia Útil 1–31. */
export const newChargeSchema = z.object({
  local: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }),
  vencimento: dueDateNotPast(),
  valor: moneyCents({ min: 1 }),
  lancamentos: intRange(1, 12),
  diaUtil: diaUtilField(),
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
  /** New charge only: 0 registered place, 1 boleto; instalments 1–12; "Dia Útil" 1–31 (the due day of instalments 2..n). */
  local: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }).optional(),
  lancamentos: intRange(1, 12).optional(),
  diaUtil: diaUtilField(),
  version: z.number().int().optional(),
}).superRefine(
  ...crossFieldRules((v: { operation: string; cobVencimento?: unknown; local?: unknown }, ctx) => {
    if (v.operation !== 'insert') return;
    if (typeof v.cobVencimento === 'string' && v.cobVencimento < isoDateInAppZone())
      ctx.addIssue({ code: 'custom', path: ['cobVencimento'], message: chargeMessages.dateBeforeToday });
    if (v.local === undefined) ctx.addIssue({ code: 'custom', path: ['local'], message: m.required });
  }),
);
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

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** A date `days` after an ISO date, ISO. */
export function addDaysIso(iso: string, days: number): string {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  return isoOf(new Date(Date.UTC(y, mo - 1, d + days)));
}

/** A business day: neither Saturday, Sunday nor one of `holidays` (ISO dates: the Feriados registry the finance keeps). */
export function isBusinessDay(iso: string, holidays: ReadonlySet<string> = new Set()): boolean {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(iso);
}

/** The date itself when it is a business day, else the next business day (which may fall in the next month). */
export function nextBusinessDay(iso: string, holidays: ReadonlySet<string> = new Set()): string {
  let day = iso;
  // A year of consecutive holidays cannot happen; the bound only keeps a wrong registry from looping forever.
  for (let i = 0; i < 366 && !isBusinessDay(day, holidays); i++) day = addDaysIso(day, 1);
  return day;
}

/**
 * Due date of instalment k (1-based) of a new charge whose first instalment falls due on `first`.
 * - Without "Dia Útil" (today's behaviour): the first's date plus k − 1 months, the month's last day when it is shorter.
 * - With "Dia Útil" d (1–31): instalment 1 keeps the date the user chose; instalments 2..n fall due on day d of the
 *   following months (the month's last day when it is shorter, e.g. 31 → 28/29 in February), moved to the next business
 *   day when that day is a Saturday, a Sunday or a holiday of `holidays` — as the finance staff set a collection day
 *   and the bank debits or the boleto falls due on a working day.
 */
export function instalmentDueDate(first: string, k: number, diaUtil?: number | null, holidays?: ReadonlySet<string>): string {
  const [y, mo, d] = first.split('-').map(Number) as [number, number, number];
  if (k <= 1) return first;
  const month0 = mo - 1 + (k - 1);
  const year = y + Math.floor(month0 / 12);
  const month = (month0 % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(diaUtil ?? d, last)).padStart(2, '0')}`;
  return diaUtil == null ? day : nextBusinessDay(day, holidays);
}

/** The due dates of the n instalments of a new charge (see `instalmentDueDate`). */
export const instalmentDueDates = (first: string, n: number, diaUtil?: number | null, holidays?: ReadonlySet<string>): string[] =>
  Array.from({ length: n }, (_, i) => instalmentDueDate(first, i + 1, diaUtil, holidays));
