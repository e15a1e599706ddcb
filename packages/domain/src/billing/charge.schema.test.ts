import { describe, expect, it } from 'vitest';
import { isoDateInAppZone } from '../format.js';
import {
  canAddCharge,
  chargeItemSchema,
  chargeRowState,
  hasBoletoActions,
  instalmentDueDate,
  newChargeSchema,
  splitInstalments,
} from './charge.schema.js';
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
});
