import { describe, expect, it } from 'vitest';
import { firstIssuePerPath } from '../validation.js';
import type { CchValues } from './cch.benefits.js';
import { cchIncreaseFieldOrder, cchIncreaseLabels, cchIncreaseSchema, isCchIncreaseUnchanged, sameCchValues } from './cch-increase.schema.js';

const current: CchValues = {
  beneficio1: 100_000,
  beneficio2: 200_000,
  beneficio3: 50_000,
  beneficio4: 300_000,
  beneficio5: 400_000,
  fisioterapia: 80_000,
  fisioterapiaSessoes: 10,
  acupuntura: 60_000,
  acupunturaSessoes: 8,
};
const valid = { ...current, beneficio1: 110_000, anteriores: current, dataBase: '2026-01-01', confirm: 'AUMENTO' };

function errors(values: Record<string, unknown>, lastDataBase: string | null = '2025-07-01') {
  const result = cchIncreaseSchema({ lastDataBase }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(firstIssuePerPath(result.error.issues).map((i) => [i.path.join('.'), i.message]));
}

describe('CCH increase (spec 2 §5 "CCH increase")', () => {
  it('accepts a raise of one benefit', () => expect(errors(valid)).toEqual({}));

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['confirmation exactly AUMENTO', { confirm: 'aumento' }, { confirm: 'Confirmação deve ser digitada conforme descrição' }],
    ['confirmation without spaces', { confirm: 'AUMENTO ' }, { confirm: 'Confirmação deve ser digitada conforme descrição' }],
    ['confirmation required', { confirm: '' }, { confirm: 'Campo obrigatório' }],
    ['benefit 1 not lower', { beneficio1: 99_999 }, { beneficio1: 'Valor não pode ser inferior ao valor anterior' }],
    ['benefit 3 not lower', { beneficio3: 49_999 }, { beneficio3: 'Valor não pode ser inferior ao valor anterior' }],
    ['benefit 5 not lower', { beneficio5: 0 }, { beneficio5: 'Valor não pode ser inferior ao valor anterior' }],
    ['benefit 4 required', { beneficio4: null }, { beneficio4: 'Campo obrigatório' }],
    ['physiotherapy may go lower', { fisioterapia: 1 }, {}],
    ['acupuncture may go lower', { acupuntura: 0 }, {}],
    ['physiotherapy required', { fisioterapia: undefined }, { fisioterapia: 'Campo obrigatório' }],
    ['sessions required', { acupunturaSessoes: null }, { acupunturaSessoes: 'Campo obrigatório' }],
    ['sessions whole', { fisioterapiaSessoes: 1.5 }, { fisioterapiaSessoes: 'Valor não válido' }],
    ['money in cents', { beneficio2: 200_000.5 }, { beneficio2: 'Valor não válido' }],
    ['base date required', { dataBase: '' }, { dataBase: 'Campo obrigatório' }],
    ['base date real', { dataBase: '2026-02-29' }, { dataBase: 'Data inválida' }],
    ['base date after the last one', { dataBase: '2025-07-01' }, { dataBase: 'Data base deve ser posterior à do último aumento (01/07/2025)' }],
    ['nothing changed', { beneficio1: 100_000 }, { '': 'Nenhum valor foi alterado' }],
    ['only sessions changed', { beneficio1: 100_000, fisioterapiaSessoes: 12 }, { '': 'Nenhum valor foi alterado' }],
  ])('%s', (_, change, expected) => {
    expect(errors({ ...valid, ...change })).toEqual(expected);
  });

  it('takes any base date when there is no increase yet', () => {
    expect(errors({ ...valid, dataBase: '2001-01-01' }, null)).toEqual({});
  });

  it('detects unchanged values (AUMENTAR disabled) from benefits 1-5, physiotherapy and acupuncture', () => {
    expect(isCchIncreaseUnchanged(current, current)).toBe(true);
    expect(isCchIncreaseUnchanged({ ...current, acupunturaSessoes: 1 }, current)).toBe(true);
    for (const key of ['beneficio1', 'beneficio2', 'beneficio3', 'beneficio4', 'beneficio5', 'fisioterapia', 'acupuntura'] as const)
      expect(isCchIncreaseUnchanged({ ...current, [key]: current[key] + 1 }, current), key).toBe(false);
  });

  it('tells whether the values sent as current are still current (409 otherwise)', () => {
    expect(sameCchValues(current, { ...current })).toBe(true);
    expect(sameCchValues(current, { ...current, acupunturaSessoes: 9 })).toBe(false);
  });

  it('labels the form as spec 2 §2.10 writes it, in its order', () => {
    expect(cchIncreaseFieldOrder.filter((k) => !k.endsWith('Sessoes')).map((k) => cchIncreaseLabels[k])).toEqual([
      'Benefício 1',
      'Benefício 2',
      'Fisioterapia',
      'Acopuntura',
      'Benefício 3',
      'Benefício 4',
      'Benefício 5',
    ]);
  });
});
