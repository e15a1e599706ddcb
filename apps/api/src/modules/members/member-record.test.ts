import { describe, expect, it } from 'vitest';
import { auditRowPath } from '@assoc/domain';
import { diffRecords } from './member-record.js';

const service = (cslId: number, valor: number) => ({ cslId, svcId: 3, svcName: 'Seguro', valor, operation: 'none', version: 1 });
const dependent = (cstId: number, custName: string, usuarioServicos: unknown[] = []) => ({
  cstId,
  custName,
  custParentesco: 1,
  usuarioServicos,
  operation: 'none',
});

const before = {
  custName: 'Ana',
  version: 4,
  parentFilhos: [dependent(10, 'Bruno', [service(100, 5000), service(101, 700)]), dependent(11, 'Carla')],
  usuarioServicos: [service(200, 1000)],
  documentos: [{ scanId: 7, key: 'k7', description: 'RG', operation: 'none' }],
  portalAcesso: [{ userId: null, active: false, permIdv2: null, fnAllowExternal: false, operation: 'none' }],
};

describe('diffRecords (audit fieldDiffs with row paths)', () => {
  it('names inserted, deleted and changed rows by their id, their changed fields, nested lists too, and keeps the bare list', () => {
    const after = {
      ...before,
      version: 5,
      parentFilhos: [
        // Bruno: a field changed, a nested service's value changed, another nested service deleted, one inserted.
        dependent(10, 'Bruno Silva', [service(100, 6000), service(102, 900)]),
        // Carla deleted; Davi inserted (the order moved: rows are matched by id, not by position).
        dependent(12, 'Davi'),
      ],
      documentos: [{ scanId: 8, key: 'k8', description: 'CPF', operation: 'none' }, before.documentos[0]],
      portalAcesso: [{ userId: 55, active: true, permIdv2: 2, fnAllowExternal: false, operation: 'none' }],
    };
    const diffs = diffRecords(before, after);
    const dep = auditRowPath('parentFilhos', 10);
    expect(diffs).toEqual(
      expect.arrayContaining([
        'parentFilhos',
        dep,
        `${dep}.custName`,
        `${dep}.usuarioServicos`,
        `${dep}.usuarioServicos.100`,
        `${dep}.usuarioServicos.100.valor`,
        `${dep}.usuarioServicos.101`,
        `${dep}.usuarioServicos.102`,
        'parentFilhos.11',
        'parentFilhos.12',
        'documentos',
        'documentos.8',
        'portalAcesso',
        'portalAcesso.0',
        'portalAcesso.0.active',
        'portalAcesso.0.userId',
        'portalAcesso.0.permIdv2',
      ]),
    );
    // Unchanged rows, fields and lists are not named; neither is the version.
    for (const path of [
      'documentos.7',
      'usuarioServicos',
      `${dep}.custParentesco`,
      `${dep}.usuarioServicos.100.svcName`,
      'portalAcesso.0.fnAllowExternal',
      'version',
    ])
      expect(diffs).not.toContain(path);
    expect(new Set(diffs).size).toBe(diffs.length);
  });

  it('a field change of the member itself gives no list path; an insert names its rows', () => {
    expect(diffRecords(before, { ...before, custName: 'Ana Maria' })).toEqual(['custName']);
    const created = diffRecords(null, { custName: 'Nova', version: 1, parentFilhos: [], documentos: [{ scanId: 3, key: 'k', operation: 'none' }] });
    expect(created).toEqual(['custName', 'documentos', 'documentos.3']);
  });

  it('a list absent before (an audit that keeps only the rows its save wrote) names each row as inserted', () => {
    const { usuarioServicos: _u, ...noList } = before;
    expect(diffRecords(noList, { ...noList, cobrancas: [{ cobId: 9, cobValor: 24674, operation: 'none' }] })).toEqual(['cobrancas', 'cobrancas.9']);
  });
});
