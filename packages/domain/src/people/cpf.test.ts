import { describe, expect, it } from 'vitest';
import { cnpjFromBase, cpfFromBase, isValidCnpj, isValidCpf } from './cpf.js';

describe('isValidCpf', () => {
  it('accepts valid CPFs with or without punctuation', () => {
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf(' 123.456.789-09 ')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });
  it('refuses wrong check digits', () => {
    expect(isValidCpf('12345678900')).toBe(false);
    expect(isValidCpf('12345678919')).toBe(false);
    expect(isValidCpf('52998224724')).toBe(false);
  });
  it('refuses all-equal digits, even though their check digits add up', () => {
    for (let d = 0; d <= 9; d += 1) {
      const cpf = String(d).repeat(11);
      expect(isValidCpf(cpf)).toBe(false);
      expect(isValidCpf(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toBe(false);
    }
  });
  it('refuses wrong lengths and empty input', () => {
    expect(isValidCpf('1234567890')).toBe(false);
    expect(isValidCpf('123456789091')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it('accepts valid CNPJs with or without punctuation', () => {
    expect(isValidCnpj('12345678000195')).toBe(true);
    expect(isValidCnpj('12.345.678/0001-95')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });
  it('refuses invalid ones', () => {
    expect(isValidCnpj('12345678000196')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('12345678909')).toBe(false);
    expect(isValidCnpj(null)).toBe(false);
  });
});

describe('cpfFromBase', () => {
  it('completes known CPFs', () => {
    expect(cpfFromBase('123456789')).toBe('12345678909');
    expect(cpfFromBase('529982247')).toBe('52998224725');
  });
  it('produces valid CPFs for many bases', () => {
    for (let i = 1; i < 2000; i += 1) {
      const base = String((i * 497_137) % 1_000_000_000).padStart(9, '0');
      const cpf = cpfFromBase(base);
      expect(cpf).toHaveLength(11);
      expect(cpf.startsWith(base)).toBe(true);
      if (/^(\d)\1{8}$/.test(base)) continue;
      expect(isValidCpf(cpf)).toBe(true);
    }
  });
  it('refuses bases that are not 9 digits', () => {
    expect(() => cpfFromBase('12345678')).toThrow();
    expect(() => cpfFromBase('1234567890')).toThrow();
    expect(() => cpfFromBase('12345678a')).toThrow();
  });
});

describe('cnpjFromBase', () => {
  it('completes known CNPJs', () => {
    expect(cnpjFromBase('123456780001')).toBe('12345678000195');
    expect(cnpjFromBase('112223330001')).toBe('11222333000181');
  });
  it('produces valid CNPJs for many bases', () => {
    for (let i = 1; i < 1000; i += 1) {
      const base = String((i * 7_654_321_013) % 1_000_000_000_000).padStart(12, '0');
      const cnpj = cnpjFromBase(base);
      expect(cnpj.startsWith(base)).toBe(true);
      expect(isValidCnpj(cnpj)).toBe(true);
    }
  });
  it('refuses bases that are not 12 digits', () => {
    expect(() => cnpjFromBase('12345678000')).toThrow();
    expect(() => cnpjFromBase('12345678000x')).toThrow();
  });
});
