import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import {
  bankAccountIssues,
  bankChangeValues,
  bankFields,
  bbCheckDigit,
  mod11CheckDigit,
  santanderCheckDigit,
  type BankAccountValues,
} from './bank-rules.js';
import { memberMessages as mm } from './member.messages.js';

const messages = {
  required: m.required,
  exactLength: m.exactLength,
  digitsOnly: m.digitsOnly,
  bankRequired: mm.bankRequired,
  invalidBranch: mm.invalidBranch,
  invalidBranchDigit: mm.invalidBranchDigit,
  invalidAccountDigit: mm.invalidAccountDigit,
  debitPlaceIncompatible: mm.debitPlaceIncompatible,
  oneOf: m.oneOf,
};
const issues = (account: BankAccountValues, financeiro = 'A') => bankAccountIssues(account, { custFinanceiroStatus: financeiro }, messages);

describe('check digits', () => {
  it('Banco do Brasil modulo 11 with X (agência 0001-9, the bank’s central branch)', () => {
    expect(bbCheckDigit('0001')).toBe('9');
    // 8 digits weighted 9..2: a remainder of 1 gives 10 → 'X', 0 gives 11 → '0'.
    // 5·2 = 10 → remainder 10 → 11 − 10 = 1
    expect(bbCheckDigit('00000005')).toBe('1');
  });
  it('the X and 0 cases of Banco do Brasil', () => {
    // sum 10 → r 10 → dv 1; sum 1 impossible with weight ≥ 2, so find one with r = 1: 6·2 = 12 → r 1 → dv 10 → X
    expect(bbCheckDigit('00000006')).toBe('X');
    // r 0 → dv 11 → '0'
    expect(bbCheckDigit('00000000')).toBe('0');
  });
  it('Santander modulo 10 over branch and account', () => {
    const dv = santanderCheckDigit('0001', '13000123');
    expect(dv).toMatch(/^\d$/);
    expect(santanderCheckDigit('0000', '00000000')).toBe('0');
    // 9·1 = 9 → 9 mod 10 = 9 → 10 − 9 = 1
    expect(santanderCheckDigit('1000', '00000000')).toBe('1');
  });
  it('generic modulo 11 of bank 19', () => {
    expect(mod11CheckDigit('0000000')).toBe('0');
    // 1·2 = 2 → 11 − 2 = 9
    expect(mod11CheckDigit('0000001')).toBe('9');
  });
});

describe('bank rules (spec 1 §5)', () => {
  const santander = { bnkId: 1, bnkaccBranch: '0001', bnkaccAccount: '13000123', bnkaccAccountDigit: santanderCheckDigit('0001', '13000123') };
  const bb = { bnkId: 2, bnkaccBranch: '0001', bnkaccBranchDigit: '9', bnkaccAccount: '00000006', bnkaccAccountDigit: 'X' };
  const wrongDigit = (dv: string) => String((Number(dv) + 1) % 10);
  it.each<[string, BankAccountValues, string | undefined, { field: string; message: string }[]]>([
    ['no bank', { bnkId: null }, 'A', [{ field: 'bnkId', message: mm.bankRequired }]],
    ['unknown bank', { bnkId: 7 }, 'A', [{ field: 'bnkId', message: m.oneOf }]],
    ['Santander valid', santander, 'A', []],
    [
      'Santander wrong digit',
      { ...santander, bnkaccAccountDigit: wrongDigit(santander.bnkaccAccountDigit) },
      'A',
      [{ field: 'bnkaccAccountDigit', message: mm.invalidAccountDigit }],
    ],
    ['Santander short branch', { ...santander, bnkaccBranch: '001' }, 'A', [{ field: 'bnkaccBranch', message: mm.invalidBranch }]],
    ['Santander short account', { ...santander, bnkaccAccount: '1300012' }, 'A', [{ field: 'bnkaccAccount', message: m.exactLength(8) }]],
    ['Santander missing digit', { ...santander, bnkaccAccountDigit: '' }, 'A', [{ field: 'bnkaccAccountDigit', message: m.required }]],
    ['BB valid (X digit, lower case accepted)', { ...bb, bnkaccAccountDigit: 'x' }, 'A', []],
    ['BB wrong branch digit', { ...bb, bnkaccBranchDigit: '8' }, 'A', [{ field: 'bnkaccBranchDigit', message: mm.invalidBranchDigit }]],
    ['BB wrong account digit', { ...bb, bnkaccAccountDigit: '1' }, 'A', [{ field: 'bnkaccAccountDigit', message: mm.invalidAccountDigit }]],
    ['BB letters in the account', { ...bb, bnkaccAccount: '0000000A' }, 'A', [{ field: 'bnkaccAccount', message: m.digitsOnly }]],
    ['bank 10 valid', { bnkId: 10, bnkaccAccount: '12345678' }, 'A', []],
    ['bank 10 registration of 6', { bnkId: 10, bnkaccAccount: '123456' }, 'A', [{ field: 'bnkaccAccount', message: m.exactLength(8) }]],
    ['bank 10 needs Financeiro A', { bnkId: 10, bnkaccAccount: '12345678' }, 'I', [{ field: 'bnkId', message: mm.debitPlaceIncompatible }]],
    ['boleto', { bnkId: 11 }, 'I', []],
    ['bank 18 valid', { bnkId: 18, bnkaccBranch: '4378', bnkaccAccount: '123456' }, 'A', []],
    [
      'bank 18 other branch',
      { bnkId: 18, bnkaccBranch: '4377', bnkaccAccount: '123456' },
      'A',
      [{ field: 'bnkaccBranch', message: mm.invalidBranch }],
    ],
    [
      'bank 18 account of 8',
      { bnkId: 18, bnkaccBranch: '4378', bnkaccAccount: '12345678' },
      'A',
      [{ field: 'bnkaccAccount', message: m.exactLength(6) }],
    ],
    ['bank 19 valid', { bnkId: 19, bnkaccAccount: '0000001', bnkaccAccountDigit: '9' }, 'A', []],
    [
      'bank 19 wrong digit',
      { bnkId: 19, bnkaccAccount: '0000001', bnkaccAccountDigit: '8' },
      'A',
      [{ field: 'bnkaccAccountDigit', message: mm.invalidAccountDigit }],
    ],
    ['bank 20 no fields', { bnkId: 20 }, 'A', []],
  ])('%s', (_, account, financeiro, expected) => {
    expect(issues(account, financeiro)).toEqual(expected);
  });

  it('bank change clears the account and sets 4378 for bank 18', () => {
    expect(bankChangeValues(18)).toEqual({ bnkId: 18, bnkaccBranch: '4378', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' });
    expect(bankChangeValues(2).bnkaccBranch).toBe('');
  });
  it('fields per bank', () => {
    expect(bankFields(2)).toContain('bnkaccBranchDigit');
    expect(bankFields(1)).not.toContain('bnkaccBranchDigit');
    expect(bankFields(11)).toEqual([]);
    expect(bankFields(20)).toEqual([]);
  });
});
