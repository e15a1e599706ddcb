/**
 * The member's CCH balances (GET cch/saldo/{cstId}) and the request's balance rules (spec 2 §5 "CCH request"). The spec
 * names the rules but not how a balance is computed ("Server behaviour for balances … not shown"); ours, written here
 * and in docs/CCH.md, pure (every input explicit, no database), so the server's save and the modal say the same:
 *
 * - The balances are for a date D (the procedure date; today when none is chosen yet) and its calendar year.
 * - Yearly amounts: the value set in force on D: the latest CCH increase whose base date (dataBase) is on or before D,
 *   else the service's values (dataBase null). An increase counts from its base date itself.
 * - Spent in the year: every other request of the member whose procedure date falls in D's year and that is DEFERIDO
 *   (its requested value) or PAGO (its amount paid); PENDENTE and EM ANÁLISE spend nothing yet, INDEFERIDO and
 *   CANCELADO nothing at all. The request being edited is left out (`excludeCchId`).
 * - Benefit balance = yearly amount of the benefit − spent on that benefit; physiotherapy (TUSS 50000144) and
 *   acupuncture (31601014) have their own balance (yearly amount − spent with that code, whatever the benefit) and
 *   sessions (yearly sessions − quantities of those requests), besides the benefit's. Never below zero.
 * - Pre-adjustment: when D precedes the base date of the last increase, the values in force are the older ones; the
 *   rule's message then says so ('Saldo anterior ao reajuste (...) é insuficiente...').
 * - Grace (carência): the enrolment date (cslDate1) plus CCH_GRACE_MONTHS months (a day that does not exist in the
 *   target month falls on its last day); a procedure before it is refused. None when the enrolment was added with
 *   v2cchdatainsc (cslInt4: ignore the historical enrolment date) or v2cchhistorico (cslInt5).
 * - v2cchhistorico (cslInt5: ignore date and balance history): no grace, and only requests with a procedure date on
 *   or after cslDate1 are spent (what a former enrolment spent earlier in the year is ignored).
 */
import { z } from 'zod';
import { isValidIsoDate } from '../format.js';
import { cchBenefitValueKey, isCchBenefit, type CchValues } from './cch.benefits.js';
import { cchMessages } from './messages.js';
import { cchBalanceCheckedStatuses, cchSpendingStatuses, isCchStatus } from './cch.status.js';
import { therapyOf, type CchTherapy } from './tuss.js';

/** Months of grace after the enrolment (ours: the spec names the carência, not its length; ANS's ceiling for elective care is 180 days). */
export const CCH_GRACE_MONTHS = 6;

/** The balance fields of the answer (spec 2 §3 "Balances": cslValue1, 2, 3, 10, 12, 14, 15; cslInt2, cslInt3), in the increase form's order. */
export const cchBalanceFields = {
  beneficio1: 'cslValue1',
  beneficio2: 'cslValue2',
  fisioterapia: 'cslValue3',
  acupuntura: 'cslValue10',
  beneficio3: 'cslValue12',
  beneficio4: 'cslValue14',
  beneficio5: 'cslValue15',
  fisioterapiaSessoes: 'cslInt2',
  acupunturaSessoes: 'cslInt3',
} as const satisfies Record<keyof CchValues, string>;

const cents = () => z.number().int().min(0);
const isoDate = () => z.string().refine(isValidIsoDate);

/** The answer of GET cch/saldo/{cstId}: the balances on `data` (field names of spec 2 §3; the rest ours). */
export const cchBalanceSchema = z.object({
  cstId: z.number().int(),
  /** The date the balances are for (the procedure date asked, else today) and its year. */
  data: isoDate(),
  ano: z.number().int(),
  /** Benefício 1, 2, Fisioterapia, Acupuntura, Benefício 3, 4, 5: what is left in the year (cents). */
  cslValue1: cents(),
  cslValue2: cents(),
  cslValue3: cents(),
  cslValue10: cents(),
  cslValue12: cents(),
  cslValue14: cents(),
  cslValue15: cents(),
  /** Physiotherapy and acupuncture sessions left in the year. */
  cslInt2: z.number().int().min(0),
  cslInt3: z.number().int().min(0),
  /** The grace date (carência): procedures before it are refused; null when none applies. */
  cslDate1: isoDate().nullable(),
  /** The base date of the last CCH increase (null: none yet). */
  cslDate2: isoDate().nullable(),
  /** `data` precedes cslDate2: the balances are the pre-adjustment ones. */
  anteriorReajuste: z.boolean(),
  /** The yearly amounts in force on `data` (what the balances start from). */
  valores: z.object({
    beneficio1: cents(),
    beneficio2: cents(),
    beneficio3: cents(),
    beneficio4: cents(),
    beneficio5: cents(),
    fisioterapia: cents(),
    fisioterapiaSessoes: z.number().int().min(0),
    acupuntura: cents(),
    acupunturaSessoes: z.number().int().min(0),
  }),
});
export type CchBalance = z.output<typeof cchBalanceSchema>;

/** The member's CCH enrolment (the plgCCH / plgCCHAdd service row). */
export interface CchEnrolment {
  /** The enrolment date. */
  readonly cslDate1: string;
  /** cslInt4: added with v2cchdatainsc (ignore the historical enrolment date): no grace. */
  readonly ignoreEnrolmentDate?: boolean;
  /** cslInt5: added with v2cchhistorico (ignore date and balance history): no grace, earlier spending ignored. */
  readonly ignoreHistory?: boolean;
}

/** A set of yearly amounts and the date it applies from (null: the service's values, before any increase). */
export interface CchValueSet {
  readonly dataBase: string | null;
  readonly values: CchValues;
}

/** What a request of the member spends, as the balances read it. */
export interface CchSpendingRow {
  readonly cchId: number;
  readonly cchBeneficio: number;
  readonly cchStatus: number;
  readonly cchTUSS: string | null;
  readonly cchDataProcedimento: string;
  readonly cchValorSolicitado: number;
  readonly cchValorPago: number | null;
  readonly cchQuantidade: number | null;
}

export interface CchBalanceInput {
  readonly cstId: number;
  /** The date the balances are for (ISO). */
  readonly date: string;
  readonly enrolment: CchEnrolment;
  /** The service's values and every increase (any order). */
  readonly valueSets: readonly CchValueSet[];
  /** The member's requests (any year, any status: the rules pick). */
  readonly requests: readonly CchSpendingRow[];
  /** The request being edited: its own spending left out. */
  readonly excludeCchId?: number | null;
  readonly graceMonths?: number;
}

/** 'YYYY-MM-DD' plus k months; a day missing in the target month falls on its last day (31/08 + 6 → 28 or 29/02). */
export function addMonthsIso(iso: string, k: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + k;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The grace date of an enrolment (null: none applies). */
export function cchGraceDate(enrolment: CchEnrolment, graceMonths = CCH_GRACE_MONTHS): string | null {
  if (enrolment.ignoreEnrolmentDate || enrolment.ignoreHistory) return null;
  return addMonthsIso(enrolment.cslDate1, graceMonths);
}

const sortedSets = (sets: readonly CchValueSet[]) => [...sets].sort((a, b) => (a.dataBase ?? '').localeCompare(b.dataBase ?? ''));

/** The base date of the last increase (null: none). */
export function lastIncreaseDate(sets: readonly CchValueSet[]): string | null {
  return sortedSets(sets).reduce<string | null>((last, set) => set.dataBase ?? last, null);
}

/** The yearly amounts in force on a date: the latest set whose base date is on or before it (the earliest known when none is). */
export function cchValuesOn(sets: readonly CchValueSet[], date: string): CchValues {
  const sorted = sortedSets(sets);
  if (sorted.length === 0) throw new RangeError('CCH: nenhum valor anual informado');
  let found = sorted[0]!;
  for (const set of sorted) if (set.dataBase === null || set.dataBase <= date) found = set;
  return found.values;
}

/** What a spending request takes from the balances: its amount paid when PAGO, its requested value when DEFERIDO. */
const spentBy = (row: CchSpendingRow) => (row.cchStatus === 5 ? (row.cchValorPago ?? row.cchValorSolicitado) : row.cchValorSolicitado);

/** The balances on a date (the definition at the top of this file). */
export function computeCchBalance(input: CchBalanceInput): CchBalance {
  const { date, enrolment } = input;
  const year = date.slice(0, 4);
  const values = cchValuesOn(input.valueSets, date);
  const lastIncrease = lastIncreaseDate(input.valueSets);
  const spent = {
    beneficio1: 0,
    beneficio2: 0,
    beneficio3: 0,
    beneficio4: 0,
    beneficio5: 0,
    fisioterapia: 0,
    acupuntura: 0,
    fisioterapiaSessoes: 0,
    acupunturaSessoes: 0,
  };
  for (const row of input.requests) {
    if (row.cchId === input.excludeCchId) continue;
    if (!isCchStatus(row.cchStatus) || !cchSpendingStatuses.includes(row.cchStatus)) continue;
    if (row.cchDataProcedimento.slice(0, 4) !== year) continue;
    if (enrolment.ignoreHistory && row.cchDataProcedimento < enrolment.cslDate1) continue;
    const amount = spentBy(row);
    if (isCchBenefit(row.cchBeneficio)) spent[cchBenefitValueKey(row.cchBeneficio) as keyof typeof spent] += amount;
    const therapy = therapyOf(row.cchTUSS);
    if (therapy) {
      spent[therapy] += amount;
      spent[`${therapy}Sessoes`] += row.cchQuantidade ?? 0;
    }
  }
  const left = (key: keyof typeof spent) => Math.max(0, values[key] - spent[key]);
  return {
    cstId: input.cstId,
    data: date,
    ano: Number(year),
    cslValue1: left('beneficio1'),
    cslValue2: left('beneficio2'),
    cslValue3: left('fisioterapia'),
    cslValue10: left('acupuntura'),
    cslValue12: left('beneficio3'),
    cslValue14: left('beneficio4'),
    cslValue15: left('beneficio5'),
    cslInt2: left('fisioterapiaSessoes'),
    cslInt3: left('acupunturaSessoes'),
    cslDate1: cchGraceDate(enrolment, input.graceMonths),
    cslDate2: lastIncrease,
    anteriorReajuste: lastIncrease !== null && date < lastIncrease,
    valores: { ...values },
  };
}

/** A benefit's or therapy's balance in an answer. */
export const benefitBalance = (balance: CchBalance, benefit: number): number | null =>
  isCchBenefit(benefit) ? balance[cchBalanceFields[cchBenefitValueKey(benefit)]] : null;
export const therapyBalance = (balance: CchBalance, therapy: CchTherapy) => ({
  amount: balance[cchBalanceFields[therapy]],
  sessions: balance[cchBalanceFields[`${therapy}Sessoes`]],
});

/**
 * Whether a balance answer is the one a procedure date is checked against: the same year and the same side of the
 * last increase's base date (the modal asks GET cch/saldo again when either changes; the server computes it for the date).
 */
export function balanceAppliesTo(balance: CchBalance, procedureDate: string): boolean {
  if (!isValidIsoDate(procedureDate) || Number(procedureDate.slice(0, 4)) !== balance.ano) return false;
  return (balance.cslDate2 !== null && procedureDate < balance.cslDate2) === balance.anteriorReajuste;
}

/** The request fields the balance rules read. */
export interface CchBalanceChecked {
  readonly cchStatus: number;
  readonly cchBeneficio: number;
  readonly cchTUSS: string | null | undefined;
  readonly cchDataProcedimento: string;
  readonly cchValorSolicitado: number;
  readonly cchQuantidade: number | null | undefined;
}

export interface CchFieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The balance rules of spec 2 §5 for one request against the balances of its procedure date (its own spending left
 * out): the grace date, the benefit's balance (or the pre-adjustment one), the physiotherapy/acupuncture balance and
 * sessions. Only while the request may still spend (PENDENTE, EM ANÁLISE, DEFERIDO, PAGO): a denial or a cancel
 * spends nothing, so a request out of grace or balance can always be denied. A balance of another date checks nothing.
 */
export function cchBalanceIssues(request: CchBalanceChecked, balance: CchBalance): CchFieldIssue[] {
  if (!isCchStatus(request.cchStatus) || !cchBalanceCheckedStatuses.includes(request.cchStatus)) return [];
  if (!balanceAppliesTo(balance, request.cchDataProcedimento)) return [];
  const out: CchFieldIssue[] = [];
  if (balance.cslDate1 !== null && request.cchDataProcedimento < balance.cslDate1)
    out.push({ path: 'cchDataProcedimento', message: cchMessages.procedureBeforeGrace });
  const available = benefitBalance(balance, request.cchBeneficio);
  if (available !== null && request.cchValorSolicitado > available)
    out.push({
      path: 'cchValorSolicitado',
      message: balance.anteriorReajuste ? cchMessages.preAdjustmentInsufficient(available) : cchMessages.exceedsBalance,
    });
  const therapy = therapyOf(request.cchTUSS);
  if (therapy) {
    const left = therapyBalance(balance, therapy);
    if (request.cchValorSolicitado > left.amount) out.push({ path: 'cchValorSolicitado', message: cchMessages.aboveTherapyBalance });
    if (left.sessions === 0)
      out.push({
        path: 'cchQuantidade',
        message: therapy === 'fisioterapia' ? cchMessages.physiotherapySessionsExhausted : cchMessages.acupunctureSessionsExhausted,
      });
    else if ((request.cchQuantidade ?? 0) > left.sessions)
      out.push({ path: 'cchQuantidade', message: cchMessages.sessionsAboveBalance(therapy, left.sessions) });
  }
  return out;
}
