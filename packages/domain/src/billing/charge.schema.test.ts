import { describe, expect, it } from 'vitest';
import { isoDateInAppZone } from '../format.js';
import {
  canAddCharge,
  chargeItemSchema,
  chargeRowState,
  hasBoletoActions,
  instalmentDueDate,
  instalmentDueDates,
  isBusinessDay,
  newChargeSchema,
  nextBusinessDay,
  splitInstalments,
} from './charge.schema.js';
import { genericMessages as m } from '../messages.js';
import { chargeMessages } from './charges.messages.js';

describe('charge rules (spec 1 §4, §5, §6)', () => {
  it('row state: yellow without a return, red with a return code above 0, plain otherwise', () => {
    expect(chargeRowState({ cobRetorno: null, cdrCodRet: null })).toBe('open');
    expect(chargeRowState({ cobRetorno: '2024-01-02', cdrCodRet: 1 })).toBe('rejected');
    expect(chargeRowState({ cobRetorno: '2024-01-02', cdrCodRet: 0 })).toBe('plain');
  });

  it('Nova cobrança only with debt and every charge returned', () => {
    expect(canAddCharge([], 100)).toBe(true);
    expect(canAddCharge([], 0)).toBe(false);
    expect(canAddCharge([{ cobRetorno: '2024-01-02' }], 100)).toBe(true);
    expect(canAddCharge([{ cobRetorno: '2024-01-02' }, { cobRetorno: null }], 100)).toBe(false);
  });

  it('boleto icons only for a saved bank-11 charge without a return', () => {
    expect(hasBoletoActions({ bnkId: 11, cobRetorno: null, operation: 'none' })).toBe(true);
    expect(hasBoletoActions({ bnkId: 11, cobRetorno: '2024-01-02', operation: 'none' })).toBe(false);
    expect(hasBoletoActions({ bnkId: 2, cobRetorno: null, operation: 'none' })).toBe(false);
    expect(hasBoletoActions({ bnkId: 11, cobRetorno: null, operation: 'insert' })).toBe(false);
  });

  it('instalments: equal parts with the remaining cents on the first; monthly due dates clamped to the month', () => {
    expect(splitInstalments(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstalments(5, 1)).toEqual([5]);
    expect(instalmentDueDate('2025-01-31', 1)).toBe('2025-01-31');
    expect(instalmentDueDate('2025-01-31', 2)).toBe('2025-02-28');
    expect(instalmentDueDate('2024-01-31', 2)).toBe('2024-02-29');
    expect(instalmentDueDate('2025-11-15', 3)).toBe('2026-01-15');
  });

  it('Dia Útil: instalments 2..n on that day of the month (clamped to its last day), moved to the next business day', () => {
    // Without it: today's behaviour (the first's day every month).
    expect(instalmentDueDates('2026-01-15', 3)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    expect(instalmentDueDates('2026-01-15', 3, null)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    // Month ends: 31 is February's last day (2026-02-28, a Saturday → Monday 2 March) and March's 31st (a Tuesday).
    expect(instalmentDueDates('2026-01-15', 3, 31)).toEqual(['2026-01-15', '2026-03-02', '2026-03-31']);
    // February of a leap year: the 29th (a Tuesday).
    expect(instalmentDueDate('2028-01-10', 2, 30)).toBe('2028-02-29');
    // Weekend: Sunday 31 May 2026 → Monday 1 June.
    expect(instalmentDueDate('2026-04-10', 2, 31)).toBe('2026-06-01');
    // Holidays: Tiradentes (Tuesday 21 April 2026) → the 22nd; Saturday 14 Feb, Sunday, Carnaval Monday and Tuesday → Wednesday 18.
    const holidays = new Set(['2026-04-21', '2026-02-16', '2026-02-17']);
    expect(instalmentDueDate('2026-03-10', 2, 21, holidays)).toBe('2026-04-22');
    expect(instalmentDueDate('2026-01-05', 2, 14, holidays)).toBe('2026-02-18');
    // The first instalment keeps the date chosen, even on a weekend; the year turns.
    expect(instalmentDueDates('2026-11-28', 3, 5, holidays)).toEqual(['2026-11-28', '2026-12-07', '2027-01-05']);
  });

  it('business days: not Saturday, Sunday nor a registered holiday', () => {
    expect(isBusinessDay('2026-03-02')).toBe(true);
    expect(isBusinessDay('2026-02-28')).toBe(false);
    expect(isBusinessDay('2027-02-28')).toBe(false);
    expect(isBusinessDay('2026-04-21', new Set(['2026-04-21']))).toBe(false);
    expect(nextBusinessDay('2026-03-31')).toBe('2026-03-31');
  });

  it('Dia Útil in the form and the new row: empty, or an integer 1 to 31 with the range messages', () => {
    const today = isoDateInAppZone();
    const base = { local: 0, vencimento: today, valor: 1, lancamentos: 2 };
    expect(newChargeSchema.safeParse(base).success).toBe(true);
    expect(newChargeSchema.safeParse({ ...base, diaUtil: null }).success).toBe(true);
    expect(newChargeSchema.parse({ ...base, diaUtil: 31 }).diaUtil).toBe(31);
    expect(newChargeSchema.safeParse({ ...base, diaUtil: 0 }).error?.issues[0]?.message).toBe(m.numericMin);
    expect(newChargeSchema.safeParse({ ...base, diaUtil: 32 }).error?.issues[0]?.message).toBe(m.numericMax);
    expect(newChargeSchema.safeParse({ ...base, diaUtil: 'x' }).error?.issues[0]?.message).toBe(m.oneOf);
    expect(newChargeSchema.safeParse({ ...base, diaUtil: 1.5 }).error?.issues[0]?.message).toBe(m.oneOf);
    const row = { cobId: -1, cobVencimento: today, cobValor: 100, local: 1, lancamentos: 2, operation: 'insert' };
    expect(chargeItemSchema.parse({ ...row, diaUtil: 10 }).diaUtil).toBe(10);
    expect(chargeItemSchema.safeParse({ ...row, diaUtil: 32 }).error?.issues[0]?.path).toEqual(['diaUtil']);
  });

  it('new-charge form: due date not before today, value at least 1 cent, instalments 1–12', () => {
    const today = isoDateInAppZone();
    expect(newChargeSchema.safeParse({ local: 0, vencimento: today, valor: 1, lancamentos: 1 }).success).toBe(true);
    const past = newChargeSchema.safeParse({ local: 0, vencimento: '2000-01-01', valor: 1, lancamentos: 1 });
    expect(past.error?.issues[0]?.message).toBe(chargeMessages.dateBeforeToday);
    expect(newChargeSchema.safeParse({ local: 0, vencimento: today, valor: 0, lancamentos: 1 }).success).toBe(false);
    expect(newChargeSchema.safeParse({ local: 0, vencimento: today, valor: 1, lancamentos: 13 }).success).toBe(false);
    expect(newChargeSchema.safeParse({ local: 2, vencimento: today, valor: 1, lancamentos: 1 }).success).toBe(false);
  });

  it('a stored row keeps its past due date; a new row may not', () => {
    const row = { cobId: 1, cobVencimento: '2020-01-10', cobValor: 100, operation: 'none' };
    expect(chargeItemSchema.safeParse(row).success).toBe(true);
    const inserted = chargeItemSchema.safeParse({ ...row, cobId: -1, local: 1, operation: 'insert' });
    expect(inserted.error?.issues[0]?.message).toBe(chargeMessages.dateBeforeToday);
  });

  it('a new row without its place says so while its value is still missing', () => {
    const result = chargeItemSchema.safeParse({ cobId: -1, cobVencimento: isoDateInAppZone(), cobValor: null, operation: 'insert' });
    const paths = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toContainEqual(['local', m.required]);
    expect(paths?.[0]?.[0]).toBe('cobValor');
  });
});
