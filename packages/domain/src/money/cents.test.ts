import { describe, expect, it } from 'vitest';
import { asCents, centsToDecimalText, centsToReais, formatCents, hasAtMostDecimals, sumCents, toCents } from './cents.js';

describe('formatCents', () => {
  it('formats integer cents with R$, dot thousands and comma decimals', () => {
    expect(formatCents(123456)).toBe('R$ 1.234,56');
    expect(formatCents(0)).toBe('R$ 0,00');
    expect(formatCents(5)).toBe('R$ 0,05');
    expect(formatCents(99)).toBe('R$ 0,99');
    expect(formatCents(100)).toBe('R$ 1,00');
    expect(formatCents(100000000)).toBe('R$ 1.000.000,00');
    expect(formatCents(12345678901)).toBe('R$ 123.456.789,01');
  });
  it('formats the largest safe integer exactly', () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('R$ 90.071.992.547.409,91');
    expect(formatCents(-Number.MAX_SAFE_INTEGER)).toBe('R$ -90.071.992.547.409,91');
    expect(formatCents(2 ** 60)).toBe('');
  });
  it('puts the minus sign before R$', () => {
    expect(formatCents(-123456)).toBe('R$ -1.234,56');
    // Issue 22 item 21: the sign goes on the number, as 'R$ -42,00'; toCents reads it back.
    expect(formatCents(-4200)).toBe('R$ -42,00');
    expect(toCents(formatCents(-4200))).toBe(-4200);
    expect(formatCents(-1)).toBe('R$ -0,01');
  });
  it('rounds fractional cents half away from zero and never shows -0', () => {
    expect(formatCents(10.5)).toBe('R$ 0,11');
    expect(formatCents(10.4)).toBe('R$ 0,10');
    expect(formatCents(-10.5)).toBe('R$ -0,11');
    expect(formatCents(-0.4)).toBe('R$ 0,00');
    expect(formatCents(-0)).toBe('R$ 0,00');
  });
  it('gives "" for missing or non-finite values', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents(undefined)).toBe('');
    expect(formatCents(Number.NaN)).toBe('');
    expect(formatCents(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('toCents (text)', () => {
  it('reads the pt-BR forms', () => {
    expect(toCents('R$ 1.234,56')).toBe(123456);
    expect(toCents('1234,56')).toBe(123456);
    expect(toCents('1234,5')).toBe(123450);
    expect(toCents('1.234')).toBe(123400);
    expect(toCents('1.234.567,8')).toBe(123456780);
    expect(toCents('R$\u00a01.234,56')).toBe(123456);
    expect(toCents('0,01')).toBe(1);
    expect(toCents(',5')).toBe(50);
    expect(toCents('12')).toBe(1200);
    expect(toCents('12,')).toBe(1200);
  });
  it('is exact where floating point would not be', () => {
    // 0.29 * 100 === 28.999999999999996 and 1.15 * 100 === 114.99999999999999
    expect(toCents('0,29')).toBe(29);
    expect(toCents('1,15')).toBe(115);
    expect(toCents('4,35')).toBe(435);
  });
  it('rounds more than two decimals half up (away from zero for negatives)', () => {
    expect(toCents('1,005')).toBe(101);
    expect(toCents('1,004')).toBe(100);
    expect(toCents('0,999')).toBe(100);
    expect(toCents('0,99499')).toBe(99);
    expect(toCents('-1,005')).toBe(-101);
  });
  it('reads negatives', () => {
    expect(toCents('-R$ 1.234,56')).toBe(-123456);
    expect(toCents('R$ -10,00')).toBe(-1000);
    expect(toCents('-0,00')).toBe(0);
    expect(Object.is(toCents('-0,00'), -0)).toBe(false);
  });
  it('accepts a single dot followed by one or two digits as decimal mark', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('12.50')).toBe(1250);
  });
  it('reads large values exactly up to the safe integers, and refuses beyond', () => {
    expect(toCents('90.071.992.547.409,91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toCents('90.071.992.547.409,92')).toBeNull();
    expect(toCents('R$ 9.999.999,99')).toBe(999_999_999);
  });
  it('round-trips with formatCents', () => {
    for (const cents of [0, 1, 99, 100, 123456, -98765, 100000001, Number.MAX_SAFE_INTEGER]) {
      expect(toCents(formatCents(cents))).toBe(cents);
    }
  });
  it('gives null for empty or unreadable text', () => {
    for (const text of ['', '   ', null, undefined, 'R$', 'abc', '1,2,3', '12.34.5', '1.2345', '1.23,45', ',', '--1', '1e3']) {
      expect(toCents(text)).toBeNull();
    }
  });
});

describe('toCents (number of reais)', () => {
  it('converts without multiplying by 100', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(12)).toBe(1200);
    expect(toCents(-0.29)).toBe(-29);
    expect(toCents(0)).toBe(0);
    expect(toCents(-0)).toBe(0);
  });
  it('reads the third decimal as written (never as thousands) and rounds it half up', () => {
    expect(toCents(0.005)).toBe(1);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1.004)).toBe(100);
    expect(toCents(1e-7)).toBe(0);
  });
  it('refuses non-finite and unsafe values', () => {
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toCents(1e21)).toBeNull();
    expect(toCents(1e15)).toBeNull();
  });
});

describe('centsToReais', () => {
  it('gives the number of reais for a numeric input', () => {
    expect(centsToReais(123456)).toBe(1234.56);
    expect(centsToReais(29)).toBe(0.29);
    expect(centsToReais(5)).toBe(0.05);
    expect(centsToReais(0)).toBe(0);
    expect(centsToReais(-115)).toBe(-1.15);
  });
  it('round-trips with toCents', () => {
    for (const cents of [0, 1, 29, 115, 435, 123456, -98765, 999_999_999]) expect(toCents(centsToReais(cents))).toBe(cents);
  });
});

describe('sumCents', () => {
  it('adds integers exactly', () => {
    // As reais, 0.1 + 0.2 is 0.30000000000000004; as cents it is 30.
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents([])).toBe(0);
    expect(sumCents([123456, -23456, 1])).toBe(100001);
    expect(sumCents(new Set([1, 2]))).toBe(3);
  });
  it('refuses fractional amounts and totals beyond the safe integers', () => {
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumCents([Number.NaN])).toThrow(RangeError);
  });
});

describe('asCents', () => {
  it('brands whole numbers and refuses the rest', () => {
    expect(asCents(100)).toBe(100);
    expect(Object.is(asCents(-0), 0)).toBe(true);
    expect(() => asCents(1.5)).toThrow(RangeError);
  });
});

describe('hasAtMostDecimals', () => {
  it('reads the decimals as written', () => {
    expect(hasAtMostDecimals(2.5, 2)).toBe(true);
    expect(hasAtMostDecimals(2.55, 2)).toBe(true);
    expect(hasAtMostDecimals(0.29, 2)).toBe(true);
    expect(hasAtMostDecimals(50, 2)).toBe(true);
    expect(hasAtMostDecimals(2.555, 2)).toBe(false);
    expect(hasAtMostDecimals(1e-7, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });
});

describe('centsToDecimalText', () => {
  it('writes plain decimal text from the integer digits, with the sign, and refuses a fraction', () => {
    expect(centsToDecimalText(123456)).toBe('1234,56');
    expect(centsToDecimalText(5)).toBe('0,05');
    expect(centsToDecimalText(-5)).toBe('-0,05');
    expect(centsToDecimalText(0)).toBe('0,00');
    // A value whose float division would not print back exactly still comes out from its digits.
    expect(centsToDecimalText(9_007_199_254_740_990)).toBe('90071992547409,90'); // (x / 100).toFixed(2) gives ',91'
    expect(() => centsToDecimalText(1.5)).toThrow(RangeError);
  });
});
