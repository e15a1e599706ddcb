/**
 * The CCH's five benefits (spec 2 §2.2: the 4th and 5th labelled (E) and (D)) and the value set every yearly amount is
 * written in: the CCH increase's fields (spec 2 §3 "CCH increase"), money in integer cents, sessions per year.
 */
export const cchBenefits = [1, 2, 3, 4, 5] as const;
export type CchBenefit = (typeof cchBenefits)[number];
export const isCchBenefit = (value: unknown): value is CchBenefit => typeof value === 'number' && (cchBenefits as readonly number[]).includes(value);

export const cchBenefitLabels: Readonly<Record<CchBenefit, string>> = {
  1: 'Benefício 1',
  2: 'Benefício 2',
  3: 'Benefício 3',
  4: 'Benefício 4 (E)',
  5: 'Benefício 5 (D)',
};
export const cchBenefitOptions = cchBenefits.map((value) => ({ value, label: cchBenefitLabels[value] }));

/** Benefit 3 needs no health plan (spec 2 §5). */
export const BENEFIT_WITHOUT_PLAN: CchBenefit = 3;

/** The yearly amounts of the CCH (the increase's fields): benefits 1-5, physiotherapy and acupuncture, in cents, with sessions. */
export interface CchValues {
  readonly beneficio1: number;
  readonly beneficio2: number;
  readonly beneficio3: number;
  readonly beneficio4: number;
  readonly beneficio5: number;
  readonly fisioterapia: number;
  readonly fisioterapiaSessoes: number;
  readonly acupuntura: number;
  readonly acupunturaSessoes: number;
}
export type CchValueKey = keyof CchValues;
export const cchBenefitValueKey = (benefit: CchBenefit): CchValueKey => `beneficio${benefit}`;
export const cchMoneyKeys = ['beneficio1', 'beneficio2', 'beneficio3', 'beneficio4', 'beneficio5', 'fisioterapia', 'acupuntura'] as const;
export const cchSessionKeys = ['fisioterapiaSessoes', 'acupunturaSessoes'] as const;
export const cchValueKeys: readonly CchValueKey[] = [...cchMoneyKeys, ...cchSessionKeys];
