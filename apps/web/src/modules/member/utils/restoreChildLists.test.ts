import { describe, expect, it } from 'vitest';
import { restoreChildLists, restoreList } from './restoreChildLists';

const service = (cslId: number, valor: number, operation = 'none') => ({ cslId, svcId: 400, valor, version: 1, operation });
const dependent = (cstId: number, custName: string, usuarioServicos: object[] = [], operation = 'none') => ({
  cstId,
  custName,
  custCpf: '',
  version: 3,
  usuarioServicos,
  operation,
});

describe('restoreList', () => {
  it('marks rows by what differs from the rows held now: insert, update, none, delete', () => {
    const version = [service(1, 100), service(2, 200), service(3, 300)];
    const now = [service(1, 100), service(2, 250), service(4, 400), { cslId: -5, svcId: 1, valor: 1, operation: 'insert' }];
    const out = restoreList(version, now, 'cslId');
    expect(out.map((r) => [r.cslId, r.valor, r.operation])).toEqual([
      [1, 100, 'none'],
      [2, 200, 'update'],
      [expect.any(Number), 300, 'insert'],
      [4, 400, 'delete'],
    ]);
    // A row brought back is new: a negative id and no version.
    expect(out[2]!.cslId).toBeLessThan(0);
    expect(out[2]).not.toHaveProperty('version');
  });

  it('keeps the current row version on an update and undoes a pending delete', () => {
    const out = restoreList([service(1, 100)], [{ ...service(1, 100, 'delete'), version: 7 }], 'cslId');
    expect(out).toEqual([{ cslId: 1, svcId: 400, valor: 100, version: 7, operation: 'update' }]);
  });

  it('treats empty text and null alike (no spurious update)', () => {
    expect(restoreList([dependent(9, 'Ana Maria')], [{ ...dependent(9, 'Ana Maria'), custCpf: null }], 'cstId')[0]!.operation).toBe('none');
  });
});

describe('restoreChildLists', () => {
  const roles = ['v2depadd', 'v2depedit', 'v2depdelete', 'v2servicoadd', 'v2servicoedit', 'v2servicodelete'];

  it('restores nested rows: a dependent whose services changed is an update; one deleted since comes back with its services', () => {
    const version = {
      parentFilhos: [dependent(9, 'Ana Maria', [service(1, 100)]), dependent(10, 'Bruno Costa', [service(2, 200)])],
      usuarioServicos: [],
    };
    const current = { parentFilhos: [dependent(9, 'Ana Maria', [service(1, 150)])], usuarioServicos: [service(3, 300)] };
    const out = restoreChildLists(version, current, roles);
    const [ana, bruno] = out.parentFilhos as Record<string, unknown>[];
    expect(ana).toMatchObject({ cstId: 9, operation: 'update', usuarioServicos: [{ cslId: 1, valor: 100, operation: 'update' }] });
    expect(bruno).toMatchObject({ custName: 'Bruno Costa', operation: 'insert', usuarioServicos: [{ valor: 200, operation: 'insert' }] });
    expect((bruno!.usuarioServicos as { cslId: number }[])[0]!.cslId).toBeLessThan(0);
    expect(out.usuarioServicos).toEqual([{ ...service(3, 300), operation: 'delete' }]);
  });

  it('marks a dependent added since as deleted together with its saved services', () => {
    const out = restoreChildLists(
      { parentFilhos: [] },
      { parentFilhos: [dependent(11, 'Carla Dias', [service(5, 10), service(-2, 20, 'insert')])] },
      roles,
    );
    expect(out.parentFilhos).toEqual([{ ...dependent(11, 'Carla Dias', [{ ...service(5, 10), operation: 'delete' }]), operation: 'delete' }]);
  });

  it('leaves out the lists the user may not edit, those the version or the form does not hold, charges and documents', () => {
    const version = { parentFilhos: [dependent(9, 'Ana Maria')], usuarioServicos: [service(1, 1)], documentos: [], cobrancas: [] };
    const current = {
      parentFilhos: [],
      usuarioServicos: [],
      documentos: [{ scanId: 4, operation: 'none' }],
      cobrancas: [{ cobId: 3, operation: 'none' }],
    };
    expect(Object.keys(restoreChildLists(version, current, ['v2depedit']))).toEqual(['parentFilhos']);
    expect(Object.keys(restoreChildLists(version, current, ['v2depedit', 'v2servicoedit', 'v2docnew', 'v2cobrancanew']))).toEqual([
      'parentFilhos',
      'usuarioServicos',
    ]);
    expect(restoreChildLists(version, current, [])).toEqual({});
  });
});
