import { describe, expect, it } from 'vitest';
import { buildCnj, cnjCheckDigits, formatCnj, isValidCnj, parseCnj } from './cnj.js';

// Real numbers published by the courts (TJRJ, TJAL).
const REAL = ['0058967-77.2016.8.19.0000', '0710802-55.2018.8.02.0001'];

describe('CNJ numbers (Resolução 65/2008, mod 97)', () => {
  it('accepts real numbers with and without punctuation', () => {
    for (const n of REAL) {
      expect(isValidCnj(n)).toBe(true);
      expect(isValidCnj(n.replace(/\D/g, ''))).toBe(true);
      expect(isValidCnj(` ${n} `)).toBe(true);
    }
  });

  it('refuses a wrong check digit, a changed digit, wrong lengths and stray text', () => {
    expect(isValidCnj('0058967-78.2016.8.19.0000')).toBe(false);
    expect(isValidCnj('0058967-77.2017.8.19.0000')).toBe(false);
    expect(isValidCnj('0058967-77.2016.8.19.000')).toBe(false);
    expect(isValidCnj('058967-77.2016.8.19.0000')).toBe(false);
    expect(isValidCnj('0058967-77.2016.8.19.0000x')).toBe(false);
    expect(isValidCnj('')).toBe(false);
    expect(isValidCnj(null)).toBe(false);
  });

  it('computes the check digits of the real numbers from their parts', () => {
    expect(cnjCheckDigits('0058967', '2016', '8', '19', '0000')).toBe('77');
    expect(cnjCheckDigits('0710802', '2018', '8', '02', '0001')).toBe('55');
    expect(formatCnj(buildCnj({ sequence: 58967, year: 2016, segment: 8, court: 19, origin: 0 }))).toBe(REAL[0]);
  });

  it('builds valid numbers for any parts (check digits 02..98 padded)', () => {
    for (let i = 0; i < 500; i++) {
      const n = buildCnj({ sequence: i * 7919, year: 2000 + (i % 25), segment: 1 + (i % 9), court: i % 28, origin: i * 13 });
      expect(n).toMatch(/^\d{20}$/);
      expect(isValidCnj(n)).toBe(true);
    }
  });

  it('parses and formats', () => {
    expect(parseCnj('00589677720168190000')).toBe('00589677720168190000');
    expect(parseCnj('0058967-77.2016.8.19.0000')).toBe('00589677720168190000');
    expect(parseCnj('0058967-77.2016')).toBeNull();
    expect(formatCnj('00589677720168190000')).toBe('0058967-77.2016.8.19.0000');
    expect(formatCnj('abc')).toBe('abc');
  });
});
