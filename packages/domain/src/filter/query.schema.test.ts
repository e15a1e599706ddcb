import { describe, expect, it } from 'vitest';
import { filterCriteria, filterCriterion } from './criteria.js';
import { filterMessages as fm } from './messages.js';
import { filterQuerySchema, normalizeFilterValue } from './query.schema.js';

const messages = (query: unknown) => {
  const parsed = filterQuerySchema.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('the filter query', () => {
  it('accepts nested AND/OR groups of catalogue rules (react-querybuilder ids kept)', () => {
    const query = {
      id: 'root',
      combinator: 'and',
      rules: [
        { id: 'a', field: 'situacao', operator: 'in', value: ['1', 2] },
        { combinator: 'or', not: true, rules: [{ field: 'idade', operator: 'between', value: ['30', 40] }] },
      ],
    };
    expect(messages(query)).toEqual([]);
  });

  it('refuses unknown fields, operators and values with pt-BR messages', () => {
    expect(messages({ combinator: 'and', rules: [{ field: 'senha', operator: '=', value: 1 }] })).toEqual([fm.unknownField('senha')]);
    expect(messages({ combinator: 'and', rules: [{ field: 'socio', operator: 'like', value: 'S' }] })).toEqual([fm.unknownOperator('Sócio')]);
    expect(messages({ combinator: 'and', rules: [{ field: 'aniversario', operator: 'in', value: [13] }] })).toEqual([
      fm.badValue('Mês de aniversário'),
    ]);
    expect(messages({ combinator: 'xor', rules: [] })).not.toEqual([]);
  });

  it('bounds depth and size', () => {
    let deep: unknown = { combinator: 'and', rules: [] };
    for (let i = 0; i < 4; i++) deep = { combinator: 'and', rules: [deep] };
    expect(messages(deep)).toEqual([fm.tooDeep(4)]);
    const many = { combinator: 'and', rules: Array.from({ length: 51 }, () => ({ field: 'socio', operator: '=', value: 'S' })) };
    expect(messages(many)).toContain(fm.tooManyRules(50));
  });

  it('normalises values by type: integers, cents, ISO dates, choices, pairs in order, lists without duplicates', () => {
    const c = (key: string) => filterCriterion(key)!;
    expect(normalizeFilterValue(c('idade'), 'between', '20,30')).toEqual([20, 30]);
    expect(normalizeFilterValue(c('idade'), 'between', [30, 20])).toBeNull();
    expect(normalizeFilterValue(c('idade'), '=', 1.5)).toBeNull();
    expect(normalizeFilterValue(c('saldoAberto'), '>', '50000')).toBe(50_000);
    expect(normalizeFilterValue(c('admissao'), '=', '2024-02-29')).toBe('2024-02-29');
    expect(normalizeFilterValue(c('admissao'), '=', '2023-02-29')).toBeNull();
    expect(normalizeFilterValue(c('status'), 'in', ['M', 'M', 'V'])).toEqual(['M', 'V']);
    expect(normalizeFilterValue(c('servico'), 'in', ['3', 4])).toEqual([3, 4]);
    expect(normalizeFilterValue(c('servico'), 'in', [])).toBeNull();
    expect(normalizeFilterValue(c('temEmail'), '=', 'false')).toBe(false);
    expect(normalizeFilterValue(c('nome'), 'contains', '   ')).toBeNull();
  });

  it('every criterion names its index and allows its default operator', () => {
    for (const c of filterCriteria) {
      expect(c.index.length, c.key).toBeGreaterThan(0);
      expect(c.operators as readonly string[], c.key).toContain(c.defaultOperator);
    }
  });
});
