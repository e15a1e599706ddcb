import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { cpfFromBase } from '../people/cpf.js';
import { dropUnmarkedInLists, dropUnmarkedRows, isMarkedItem } from './child-rows.js';
import { dependentItemSchema, dropUnmarkedItems, memberSchema, memberChildListKeys } from './member.schema.js';

/** Every marker case of issue 23 item 3: empty markers dropped silently at both levels, an unknown one refused (400). */
const empty = [{ svcId: 1 }, { svcId: 2, operation: null }, { svcId: 3, operation: '' }, { svcId: 4, operation: '-' }];
const kept = [
  { svcId: 5, operation: 'insert' },
  { svcId: 6, operation: 'update' },
  { svcId: 7, operation: 'delete' },
  { svcId: 8, operation: 'none' },
];
const unknown = [
  { svcId: 9, operation: 'x' },
  { svcId: 10, operation: 5 },
  { svcId: 11, operation: ' ' },
];

const service = (svcId: number, operation?: unknown) => ({ svcId, valor: 100, ...(operation === undefined ? {} : { operation }) });
const dependent = (usuarioServicos: unknown[]) => ({
  cstId: -1,
  custName: 'João da Silva',
  custParentesco: 2,
  custBirthdate: '2010-03-04',
  custSex: 0,
  custCpf: cpfFromBase('987654321'),
  operation: 'insert',
  usuarioServicos,
});
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('the one rule for unmarked child rows', () => {
  it('a marker missing, null, empty or "-" is no marker; any other is one', () => {
    expect(empty.map(isMarkedItem)).toEqual([false, false, false, false]);
    expect(kept.map(isMarkedItem)).toEqual([true, true, true, true]);
    expect(unknown.map(isMarkedItem)).toEqual([true, true, true]);
    expect([null, 3, 'insert', []].map(isMarkedItem)).toEqual([false, false, false, false]);
  });

  it('drops the unmarked rows of a list, and of the nested lists it names, without changing the input', () => {
    const list = [...empty, ...kept, { svcId: 12, operation: 'insert', usuarioServicos: [...empty, ...kept] }];
    const copy = JSON.parse(JSON.stringify(list)) as unknown;
    const out = dropUnmarkedRows(list, ['usuarioServicos']) as { svcId: number; usuarioServicos?: unknown[] }[];
    expect(out.map((r) => r.svcId)).toEqual([5, 6, 7, 8, 12]);
    expect(out[4]!.usuarioServicos).toEqual(kept);
    expect(list).toEqual(copy);
    expect(dropUnmarkedRows('not a list')).toBe('not a list');
    expect(dropUnmarkedInLists({ custName: 'x', usuarioServicos: [...empty, ...kept] }, ['usuarioServicos'])).toEqual({
      custName: 'x',
      usuarioServicos: kept,
    });
  });

  it('member level: every empty marker is dropped silently, an unknown one is a 400 on the row', () => {
    const body = dropUnmarkedItems({ usuarioServicos: [...empty.map((r) => service(r.svcId, r.operation)), service(5, 'insert')] });
    expect(body.usuarioServicos).toEqual([service(5, 'insert')]);
    expect(memberSchema.safeParse(body).success).toBe(true);
    for (const [index, row] of unknown.entries()) {
      const refused = memberSchema.safeParse(dropUnmarkedItems({ usuarioServicos: [service(1), service(row.svcId, row.operation)] }));
      expect(issuesOf(refused), `marker ${String(row.operation)} (${index})`).toEqual([{ path: 'usuarioServicos.0.operation', message: m.oneOf }]);
    }
    // Each list of the save follows the same rule.
    for (const key of memberChildListKeys) {
      expect(
        (dropUnmarkedItems({ [key]: [{ operation: '' }, { operation: null }, {}, { operation: '-' }] }) as Record<string, unknown>)[key],
      ).toEqual([]);
    }
  });

  it("dependent level: a dependent's services follow the same rule, in the schema and in dropUnmarkedItems", () => {
    const services = [...empty.map((r) => service(r.svcId, r.operation)), service(5, 'insert')];
    expect(dependentItemSchema.parse(dependent(services)).usuarioServicos).toHaveLength(1);
    expect((dropUnmarkedItems({ parentFilhos: [dependent(services)] }).parentFilhos[0] as { usuarioServicos: unknown[] }).usuarioServicos).toEqual([
      service(5, 'insert'),
    ]);
    for (const row of unknown) {
      const refused = dependentItemSchema.safeParse(dependent([service(1, ''), service(row.svcId, row.operation)]));
      expect(issuesOf(refused), `marker ${String(row.operation)}`).toEqual([{ path: 'usuarioServicos.0.operation', message: m.oneOf }]);
    }
    // The dependent row itself: an empty marker is dropped from parentFilhos, an unknown one refused.
    expect(dropUnmarkedItems({ parentFilhos: [{ ...dependent([]), operation: '' }] }).parentFilhos).toEqual([]);
    expect(memberSchema.safeParse(dropUnmarkedItems({ parentFilhos: [{ ...dependent([]), operation: 'x' }] })).success).toBe(false);
  });
});
