import { describe, expect, it } from 'vitest';
import { holderBalance, outstandingDebt, owedBy } from './owed.js';

describe('what a holder owes', () => {
  it('is the sum of every entry (payments, credits and reversals are credits), never below zero', () => {
    // Closing 150,00; payment by debit −150,00; consumption 42,00; reversal of a debit −12,00; credit −10,00.
    const entries = [15000, -15000, 4200, -1200, -1000].map((extValor) => ({ extValor }));
    expect(holderBalance(entries)).toBe(2000);
    expect(owedBy(entries)).toBe(2000);
    expect(owedBy([{ extValor: 1000 }, { extValor: -2500 }])).toBe(0);
    expect(holderBalance([{ extValor: 1000 }, { extValor: -2500 }])).toBe(-1500);
    expect(holderBalance([])).toBe(0);
    expect(outstandingDebt(-0)).toBe(0);
    expect(() => holderBalance([{ extValor: 0.5 }])).toThrow(RangeError);
  });
});
