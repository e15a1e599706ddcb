import { describe, expect, it } from 'vitest';
import { isValidPrintRange, printChoiceSchema, printJobQuerySchema, userPreferencesSchema } from './printing.js';

describe('print range rule (spec 1 §5)', () => {
  it('accepts start ≥ 1, end ≥ 1, start ≤ end, within the total', () => {
    expect(isValidPrintRange(1, 1)).toBe(true);
    expect(isValidPrintRange(2, 5, 5)).toBe(true);
    expect(isValidPrintRange(3, 3, 10)).toBe(true);
  });
  it('refuses start or end below 1, start after end, end past the total, non-integers and blanks', () => {
    expect(isValidPrintRange(0, 3)).toBe(false);
    expect(isValidPrintRange(1, 0)).toBe(false);
    expect(isValidPrintRange(-1, 2)).toBe(false);
    expect(isValidPrintRange(4, 3)).toBe(false);
    expect(isValidPrintRange(1, 6, 5)).toBe(false);
    expect(isValidPrintRange(1.5, 2)).toBe(false);
    expect(isValidPrintRange(undefined, 2)).toBe(false);
    expect(isValidPrintRange(1, null)).toBe(false);
  });
  it('ignores the total when unknown', () => {
    expect(isValidPrintRange(1, 999, null)).toBe(true);
    expect(isValidPrintRange(1, 999)).toBe(true);
  });
});

describe('preferences and print-job query', () => {
  it('a remote choice needs a printer 1 or 2', () => {
    expect(printChoiceSchema.safeParse({ mode: 'remote', printer: 2 }).success).toBe(true);
    expect(printChoiceSchema.safeParse({ mode: 'remote' }).success).toBe(false);
    expect(printChoiceSchema.safeParse({ mode: 'remote', printer: 3 }).success).toBe(false);
    expect(printChoiceSchema.safeParse({ mode: 'download' }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ printChoice: null }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ other: 1 }).success).toBe(false);
  });
  it('the query takes a printer and both ends of a valid range or none', () => {
    expect(printJobQuerySchema.parse({ printer: '1' })).toEqual({ printer: 1 });
    expect(printJobQuerySchema.parse({ printer: '2', start: '2', end: '4' })).toEqual({ printer: 2, start: 2, end: 4 });
    expect(printJobQuerySchema.safeParse({ printer: '3' }).success).toBe(false);
    expect(printJobQuerySchema.safeParse({ printer: '1', start: '2' }).success).toBe(false);
    expect(printJobQuerySchema.safeParse({ printer: '1', start: '5', end: '4' }).success).toBe(false);
    expect(printJobQuerySchema.safeParse({ printer: '1', start: '0', end: '4' }).success).toBe(false);
  });
});
