import { describe, expect, it } from 'vitest';
import { containsMarkedItem, hasPendingChanges } from './pendingChanges';

describe('hasPendingChanges (the tab warning triangle)', () => {
  const values = {
    custName: 'Ana',
    parentFilhos: [{ cstId: 2, operation: '-', usuarioServicos: [{ cslId: 1, operation: 'delete' }] }],
    documentos: [{ scanId: 1, operation: '-' }],
  };
  const clean = () => false;

  it('is set by a marked child item, even one nested in an unchanged item', () => {
    expect(hasPendingChanges(['parentFilhos'], values, clean)).toBe(true);
    expect(hasPendingChanges(['documentos'], values, clean)).toBe(false);
  });

  it('is set by a dirty field of the tab', () => {
    expect(hasPendingChanges(['custName', 'documentos'], values, (path) => path === 'custName')).toBe(true);
    expect(hasPendingChanges<string>(['documentos'], values, (path) => path === 'custName')).toBe(false);
  });

  it('containsMarkedItem', () => {
    expect(containsMarkedItem([{ operation: 'insert' }])).toBe(true);
    expect(containsMarkedItem([{ operation: 'none' }, { operation: '-' }])).toBe(false);
    expect(containsMarkedItem('x')).toBe(false);
  });
});
