import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { cpfFromBase } from '../people/cpf.js';
import { memberMessages as mm } from './member.messages.js';
import { dependentItemSchema, memberSchema, type DependentItemInput } from './member.schema.js';
import { dependentHasLiveServices, emptyDependent } from './dependent.schema.js';

const valid = (): DependentItemInput => ({
  cstId: -1,
  custName: 'João da Silva',
  custParentesco: 2,
  custBirthdate: '2010-03-04',
  custSex: 0,
  custCpf: cpfFromBase('987654321'),
  operation: 'insert',
});
const issuesOf = (value: unknown) => {
  const parsed = dependentItemSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('dependent item (spec 1 §5 "Dependent")', () => {
  it('accepts a valid new dependent, sex 0 counting as filled, and keeps the CPF as digits', () => {
    const parsed = dependentItemSchema.parse({ ...valid(), custCpf: cpfFromBase('987654321').replace(/^(\d{3})(\d{3})/, '$1.$2.') });
    expect(parsed.custSex).toBe(0);
    expect(parsed.custCpf).toBe(cpfFromBase('987654321'));
  });

  it('requires name (min 5), kinship, birth date, sex and a valid CPF on insert and update', () => {
    expect(issuesOf({ cstId: -1, custName: '', custParentesco: null, custBirthdate: null, custSex: null, custCpf: '', operation: 'insert' })).toEqual(
      expect.arrayContaining([
        { path: 'custName', message: m.required },
        { path: 'custParentesco', message: m.required },
        { path: 'custBirthdate', message: m.required },
        { path: 'custSex', message: m.required },
        { path: 'custCpf', message: m.required },
      ]),
    );
    expect(issuesOf({ ...valid(), custName: 'Ana', operation: 'update', cstId: 5 })).toEqual([{ path: 'custName', message: m.minLength(5) }]);
    expect(issuesOf({ ...valid(), custCpf: '11111111111' })).toEqual([{ path: 'custCpf', message: m.cpf }]);
  });

  it('does not check a row kept as loaded (none), so a stored dependent without CPF does not block the save', () => {
    expect(issuesOf({ cstId: 7, custName: 'Bia', custCpf: null, custSex: null, custBirthdate: null, custParentesco: 2, operation: 'none' })).toEqual(
      [],
    );
  });

  it('refuses to delete a dependent holding services not marked delete', () => {
    const service = (operation: 'none' | 'delete') => ({ cslId: 3, svcId: 10, valor: 100, operation });
    expect(issuesOf({ cstId: 7, operation: 'delete', usuarioServicos: [service('none')] })).toEqual([
      { path: 'operation', message: mm.dependentHasServices },
    ]);
    expect(issuesOf({ cstId: 7, operation: 'delete', usuarioServicos: [service('delete')] })).toEqual([]);
    expect(dependentHasLiveServices({ usuarioServicos: [service('delete'), service('none')] })).toBe(true);
  });

  it('drops nested service rows without a marker and refuses an unknown marker', () => {
    const parsed = dependentItemSchema.parse({ ...valid(), usuarioServicos: [{ svcId: 1 }, { svcId: 2, operation: 'insert' }] });
    expect(parsed.usuarioServicos).toHaveLength(1);
    expect(issuesOf({ ...valid(), operation: 'x' })).toEqual([{ path: 'operation', message: m.oneOf }]);
  });

  it('is the member schema parentFilhos item', () => {
    const parsed = memberSchema.safeParse({ parentFilhos: [{ ...valid(), custName: '' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain('parentFilhos.0.custName');
    expect(emptyDependent(-2)).toMatchObject({ cstId: -2, custPhotoKey: null, usuarioServicos: [], operation: 'insert' });
  });
});
