import { describe, expect, it } from 'vitest';
import { isBrazilianMobile, toBrazilianE164 } from './phone.js';

describe('toBrazilianE164', () => {
  it.each([
    ['(61) 98765-4321', '+5561987654321'],
    ['61987654321', '+5561987654321'],
    ['61 9 8765 4321', '+5561987654321'],
    ['+55 (61) 98765-4321', '+5561987654321'],
    ['+5561987654321', '+5561987654321'],
    ['5561987654321', '+5561987654321'],
    ['0055 61 98765-4321', '+5561987654321'],
    ['061 98765-4321', '+5561987654321'],
    ['0 21 61 98765-4321', '+5561987654321'],
    ['(61) 3322-1100', '+556133221100'],
    ['0 15 61 3322-1100', '+556133221100'],
    // A mobile from before the ninth digit.
    ['(11) 8765-4321', '+5511987654321'],
    // DDD 55 (Santa Maria, RS) without the country code.
    ['(55) 99876-5432', '+5555998765432'],
    // Country code + DDD 55 + an old 8-digit mobile.
    ['555599876543', '+5555999876543'],
  ])('%s → %s', (input, expected) => {
    expect(toBrazilianE164(input)).toBe(expected);
  });

  it('takes the DDD kept apart from the number, as the member record does', () => {
    expect(toBrazilianE164('98765-4321', '61')).toBe('+5561987654321');
    expect(toBrazilianE164('87654321', '11')).toBe('+5511987654321');
    // A number that already has its DDD keeps it.
    expect(toBrazilianE164('(21) 98765-4321', '61')).toBe('+5521987654321');
  });

  it.each([
    [''],
    [null],
    ['98765-4321'], // no DDD
    ['(36) 98765-4321'], // DDD not assigned
    ['(10) 98765-4321'],
    ['(61) 88765-4321'], // 9 digits not starting with 9
    ['(61) 1765-4321'], // 8 digits starting with 1
    ['+1 415 555 2671'], // another country
    ['+351 912 345 678'],
    ['6198765432109'], // too long
    ['abc'],
  ])('%s is not a Brazilian number', (input) => {
    expect(toBrazilianE164(input)).toBeNull();
  });

  it('tells mobiles from landlines', () => {
    expect(isBrazilianMobile('+5561987654321')).toBe(true);
    expect(isBrazilianMobile('+556133221100')).toBe(false);
    expect(isBrazilianMobile('61987654321')).toBe(false);
  });
});
