/**
 * TUSS codes (ANS table 22, "Procedimentos e eventos em saúde"; docs: /work/shared/domain BANKING-AND-HEALTH §4).
 * A code is 8 digits, shown X.XX.XX.XX-X. Every code of TUSS-2021 passes a modulo-11 check digit (weights 2…9 from the
 * right over the first 7 digits, dv = 11 − sum mod 11, 10 and 11 → 0); no official text states it, so it is a typo
 * guard only: the association's own codes the spec names (99999999, 31000100, 31000200, not TUSS codes) are accepted
 * as they are, and a well-formed code missing from the shipped subset is flagged, not refused.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { cchMessages } from './messages.js';

export const TUSS_LENGTH = 8;
/** Spec 2 §9. */
export const TUSS_GENERIC = '99999999';
export const TUSS_PHYSIOTHERAPY = '50000144';
export const TUSS_ACUPUNCTURE = '31601014';
export const TUSS_BENEFIT_4 = '31000100';
export const TUSS_BENEFIT_5 = '31000200';

/**
 * Codes the spec names that are the association's own, not TUSS (not in TUSS-2021): accepted without the check digit
 * (99999999 and 31000200 fail it; 31000100 happens to pass).
 */
export const TUSS_ASSOCIATION_CODES: readonly string[] = [TUSS_GENERIC, TUSS_BENEFIT_4, TUSS_BENEFIT_5];

export const isTussFormat = (code: string | null | undefined): boolean => /^\d{8}$/.test(code ?? '');

/** The check digit of the first 7 digits (modulo 11, weights 2…9 from the right, 10 and 11 → 0). */
export function tussCheckDigit(first7: string): number {
  if (!/^\d{7}$/.test(first7)) throw new RangeError(`TUSS: 7 dígitos esperados, recebido '${first7}'`);
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[6 - i]) * (2 + i);
  const dv = 11 - (sum % 11);
  return dv >= 10 ? 0 : dv;
}

export const hasValidTussCheckDigit = (code: string) => isTussFormat(code) && tussCheckDigit(code.slice(0, 7)) === Number(code[7]);

/** Whether a code may be saved on a request: 8 digits and a valid check digit, or one of the association's codes. */
export const isAcceptedTussCode = (code: string | null | undefined) =>
  typeof code === 'string' && isTussFormat(code) && (TUSS_ASSOCIATION_CODES.includes(code) || hasValidTussCheckDigit(code));

/** 31601014 → '3.16.01.01-4' (the dotted form TUSS and CBHPM print); other text as it is. */
export const formatTuss = (code: string | null | undefined) =>
  typeof code === 'string' && isTussFormat(code) ? `${code[0]}.${code.slice(1, 3)}.${code.slice(3, 5)}.${code.slice(5, 7)}-${code[7]}` : (code ?? '');

/** The code a benefit forces (spec 2 §4: benefit 4 → 31000100, benefit 5 → 31000200), or null. */
export function forcedTussOf(benefit: number | null | undefined): string | null {
  if (benefit === 4) return TUSS_BENEFIT_4;
  if (benefit === 5) return TUSS_BENEFIT_5;
  return null;
}

/**
 * The form's TUSS when the benefit changes (spec 2 §4): choosing 4 or 5 forces its code; leaving 4 or 5 clears the
 * code it had forced; any other change keeps what was typed.
 */
export function tussOnBenefitChange(
  previousBenefit: number | null | undefined,
  nextBenefit: number | null | undefined,
  currentTuss: string | null | undefined,
) {
  const forced = forcedTussOf(nextBenefit);
  if (forced) return forced;
  if (forcedTussOf(previousBenefit) !== null) return '';
  return currentTuss ?? '';
}

/** Physiotherapy and acupuncture: the codes with their own yearly balance and session count. */
export type CchTherapy = 'fisioterapia' | 'acupuntura';
export function therapyOf(code: string | null | undefined): CchTherapy | null {
  if (code === TUSS_PHYSIOTHERAPY) return 'fisioterapia';
  if (code === TUSS_ACUPUNCTURE) return 'acupuntura';
  return null;
}

/** GET user/tuss/{code} params: the code as typed (the server answers 200 with `error` for a bad one: the field shows `msg`). */
export const tussParamsSchema = z.object({ code: z.string().max(20) });

/** GET user/tuss/{code} (spec 2 §3 "TUSS lookup result"). */
export const tussLookupSchema = z.object({
  /** True when the code cannot be used: its `msg` shows on the TUSS field (spec 2 §8). */
  error: z.boolean(),
  /** The field's message: the refusal when `error`, a warning (code not in the table) otherwise; '' when found. */
  msg: z.string(),
  tuss: z.object({ tussCodigo: z.string(), tussTerminologia: z.string() }).nullable(),
});
export type TussLookup = z.output<typeof tussLookupSchema>;

/**
 * The lookup's answer from a code and the term found for it (the shipped subset, then the superadmin registry; null
 * when neither has it). A bad format or check digit is an error; a good code without a term is flagged (error false,
 * the warning in msg): the procedure text then describes it.
 */
export function tussLookupAnswer(code: string, term: string | null): TussLookup {
  if (!isTussFormat(code)) return { error: true, msg: code.trim() === '' ? m.required : m.exactLength(TUSS_LENGTH), tuss: null };
  if (!isAcceptedTussCode(code)) return { error: true, msg: cchMessages.tussInvalid, tuss: null };
  if (term === null) return { error: false, msg: cchMessages.tussNotInTable, tuss: { tussCodigo: code, tussTerminologia: '' } };
  return { error: false, msg: '', tuss: { tussCodigo: code, tussTerminologia: term } };
}
