import { describe, expect, it } from 'vitest';
import { cchMessages } from './messages.js';
import {
  forcedTussOf,
  formatTuss,
  hasValidTussCheckDigit,
  isAcceptedTussCode,
  therapyOf,
  tussCheckDigit,
  tussLookupAnswer,
  tussLookupSchema,
  tussOnBenefitChange,
} from './tuss.js';
import { TUSS_SUBSET_VERSION, tussSubset, tussSubsetTerm } from './tuss-subset.js';

describe('TUSS check digit (BANKING-AND-HEALTH §4: modulo 11, weights 2… from the right, 10 and 11 → 0)', () => {
  it.each([
    ['1010101', 2],
    ['5000014', 4],
    ['3160101', 4],
    ['1010102', 0],
    ['3100020', 7],
  ])('%s → %i', (first7, dv) => expect(tussCheckDigit(first7)).toBe(dv));

  it('holds for every real TUSS code shipped', () => {
    for (const entry of tussSubset.filter((e) => e.kind === 'tuss')) expect(hasValidTussCheckDigit(entry.code), entry.code).toBe(true);
  });

  it('catches typos: a changed digit, two swapped digits', () => {
    expect(hasValidTussCheckDigit('50000154')).toBe(false);
    expect(hasValidTussCheckDigit('31610014')).toBe(false);
    expect(hasValidTussCheckDigit('10110012')).toBe(false);
  });

  it('accepts the association codes the spec names as they are (not TUSS codes; two fail the digit)', () => {
    expect(hasValidTussCheckDigit('99999999')).toBe(false);
    expect(hasValidTussCheckDigit('31000200')).toBe(false);
    expect(hasValidTussCheckDigit('31000100')).toBe(true);
    for (const code of ['99999999', '31000100', '31000200', '50000144', '31601014', '10101012']) expect(isAcceptedTussCode(code), code).toBe(true);
    for (const code of ['31000207', '1010101', '101010122', '1010101a', '', null, undefined])
      expect(isAcceptedTussCode(code), String(code)).toBe(code === '31000207');
  });

  it('prints the dotted form', () => {
    expect(formatTuss('31601014')).toBe('3.16.01.01-4');
    expect(formatTuss('123')).toBe('123');
  });
});

describe('benefits 4 and 5 force their codes (spec 2 §4)', () => {
  it.each([
    // previous benefit, next benefit, typed code, the form's code after the change
    [null, 4, '', '31000100'],
    [1, 4, '10101012', '31000100'],
    [1, 5, '10101012', '31000200'],
    [4, 5, '31000100', '31000200'],
    [4, 1, '31000100', ''],
    [5, 3, '31000200', ''],
    [1, 2, '10101012', '10101012'],
    [2, 3, '50000144', '50000144'],
    [null, 1, '', ''],
  ])('benefit %s → %s with %s gives %s', (previous, next, typed, expected) => {
    expect(tussOnBenefitChange(previous, next, typed)).toBe(expected);
  });

  it('names the forced code', () => {
    expect([1, 2, 3, 4, 5].map(forcedTussOf)).toEqual([null, null, null, '31000100', '31000200']);
  });

  it('knows the therapies by code', () => {
    expect([therapyOf('50000144'), therapyOf('31601014'), therapyOf('10101012'), therapyOf(null)]).toEqual([
      'fisioterapia',
      'acupuntura',
      null,
      null,
    ]);
  });
});

describe('GET user/tuss/{code} answer (spec 2 §3: error, msg, tuss)', () => {
  it.each([
    [
      '10101012',
      'Consulta em consultório (no horário normal ou preestabelecido)',
      { error: false, msg: '', tuss: { tussCodigo: '10101012', tussTerminologia: 'Consulta em consultório (no horário normal ou preestabelecido)' } },
    ],
    ['50000160', null, { error: false, msg: cchMessages.tussNotInTable, tuss: { tussCodigo: '50000160', tussTerminologia: '' } }],
    ['50000154', null, { error: true, msg: cchMessages.tussInvalid, tuss: null }],
    ['5000', null, { error: true, msg: 'Tamanho de 8 caracteres', tuss: null }],
    ['', null, { error: true, msg: 'Campo obrigatório', tuss: null }],
  ])('%s', (code, term, answer) => {
    const reply = tussLookupAnswer(code, term);
    expect(reply).toEqual(answer);
    expect(tussLookupSchema.parse(reply)).toEqual(answer);
  });

  it('ships the spec codes and its version', () => {
    for (const code of ['99999999', '50000144', '31601014', '31000100', '31000200', '10101012']) expect(tussSubsetTerm(code), code).not.toBeNull();
    expect(tussSubsetTerm('12345678')).toBeNull();
    expect(TUSS_SUBSET_VERSION).toMatch(/^\d{4,6}$/);
    expect(new Set(tussSubset.map((e) => e.code)).size).toBe(tussSubset.length);
  });
});
