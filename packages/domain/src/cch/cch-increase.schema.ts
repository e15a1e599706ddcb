/**
 * The CCH increase (/cchaumento, spec 2 §2.10, §3 "CCH increase", §4, §5, §8): the new yearly amounts of benefits 1-5,
 * physiotherapy and acupuncture (with their sessions), the base date they apply from and the confirmation word. The
 * body carries the current values the form showed (`anteriores`, the spec's "old copies"): the server refuses with 409
 * when they are no longer the current ones, and benefits 1-5 may not go below them.
 */
import { z } from 'zod';
import { isValidIsoDate } from '../format.js';
import { dateMessages, genericMessages as m } from '../messages.js';
import { crossFieldRules, moneyCents, safeText } from '../validation.js';
import { cchMoneyKeys, type CchValues } from './cch.benefits.js';
import { CCH_MAX_CENTS } from './cch.schema.js';
import { cchMessages } from './messages.js';

/** Spec 2 §9: the confirmation word. */
export const CCH_INCREASE_CONFIRMATION = 'AUMENTO';
/** Ours: at most 366 sessions a year. */
export const CCH_MAX_SESSIONS = 366;

/** The form's labels (spec 2 §2.10, "Acopuntura" spelled as the spec shows it), in the form's order. */
export const cchIncreaseLabels = {
  beneficio1: 'Benefício 1',
  beneficio2: 'Benefício 2',
  fisioterapia: 'Fisioterapia',
  fisioterapiaSessoes: 'Sessões de Fisioterapia',
  acupuntura: 'Acopuntura',
  acupunturaSessoes: 'Sessões de Acopuntura',
  beneficio3: 'Benefício 3',
  beneficio4: 'Benefício 4',
  beneficio5: 'Benefício 5',
} as const satisfies Record<keyof CchValues, string>;
export const cchIncreaseFieldOrder = Object.keys(cchIncreaseLabels) as (keyof CchValues)[];
export const cchIncreaseTexts = { current: 'Valores Atuais', next: 'Valores Novos', dataBase: 'Data base do aumento', submit: 'AUMENTAR' } as const;

const money = () => moneyCents({ min: 0, max: CCH_MAX_CENTS });
const sessions = () =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.oneOf) })
    .int({ error: m.oneOf })
    .min(0, m.numericMin)
    .max(CCH_MAX_SESSIONS, m.numericMax);

/** A full set of yearly amounts (cents) and sessions. */
export const cchValuesSchema = z.object({
  beneficio1: money(),
  beneficio2: money(),
  beneficio3: money(),
  beneficio4: money(),
  beneficio5: money(),
  fisioterapia: money(),
  fisioterapiaSessoes: sessions(),
  acupuntura: money(),
  acupunturaSessoes: sessions(),
});

/** GET cch/cchaumento: the current values and the base date of the last increase (null: none yet). */
export const cchCurrentValuesSchema = cchValuesSchema.extend({ dataBase: z.string().nullable() });
export type CchCurrentValues = z.output<typeof cchCurrentValuesSchema>;

/** Benefits 1-5 may not go below their current value (spec 2 §5); physiotherapy and acupuncture may. */
const notLower = ['beneficio1', 'beneficio2', 'beneficio3', 'beneficio4', 'beneficio5'] as const;

/** True when none of benefits 1-5, physiotherapy and acupuncture differ from the current values (spec 2 §4: AUMENTAR disabled). */
export function isCchIncreaseUnchanged(next: Partial<Record<keyof CchValues, unknown>>, current: Partial<CchValues>): boolean {
  return cchMoneyKeys.every((key) => next[key] === current[key]);
}

/** Whether two value sets are equal in every field (the server's "still current" check: 409 otherwise). */
export const sameCchValues = (a: CchValues, b: CchValues) =>
  (Object.keys(cchIncreaseLabels) as (keyof CchValues)[]).every((key) => a[key] === b[key]);

/** The body of POST cch/cchaumento (and the form): new values, the current ones it saw, the base date and AUMENTO. */
export function cchIncreaseSchema(context: { lastDataBase?: string | null } = {}) {
  return cchValuesSchema
    .extend({
      anteriores: cchValuesSchema,
      dataBase: safeText({ error: m.required })
        .trim()
        .min(1, m.required)
        .refine((v) => isValidIsoDate(v), dateMessages.invalid),
      confirm: safeText({ error: m.required })
        .min(1, m.required)
        .refine((v) => v === CCH_INCREASE_CONFIRMATION, cchMessages.increaseConfirm),
    })
    .superRefine(
      ...crossFieldRules((v: Partial<CchValues> & { anteriores?: Partial<CchValues>; dataBase?: string }, ctx) => {
        const before = v.anteriores ?? {};
        for (const key of notLower) {
          const next = v[key];
          const previous = before[key];
          if (typeof next === 'number' && typeof previous === 'number' && next < previous)
            ctx.addIssue({ code: 'custom', message: cchMessages.increaseBelowPrevious, path: [key], input: next });
        }
        if (v.anteriores && isCchIncreaseUnchanged(v, before))
          ctx.addIssue({ code: 'custom', message: cchMessages.increaseUnchanged, path: [], input: v });
        const last = context.lastDataBase;
        if (last && typeof v.dataBase === 'string' && isValidIsoDate(v.dataBase) && v.dataBase <= last)
          ctx.addIssue({ code: 'custom', message: cchMessages.dataBaseNotAfterLast(last), path: ['dataBase'], input: v.dataBase });
      }),
    );
}
export type CchIncreaseInput = z.input<ReturnType<typeof cchIncreaseSchema>>;
export type CchIncrease = z.output<ReturnType<typeof cchIncreaseSchema>>;
export const cchIncreaseBodySchema = cchIncreaseSchema();

/** POST cch/cchaumento's answer: the new current values (the form reloads with them, spec 2 §4) and the success text. */
export const cchIncreaseReplySchema = z.object({ message: z.string(), current: cchCurrentValuesSchema });
