import { describe, expect, it } from 'vitest';
import { pathOf } from '../contract/route-contract.js';
import { locationContracts } from './locations.contract.js';

const calls = Object.values(locationContracts).flatMap((group) => ('method' in group ? [group] : Object.values(group)));

describe('locationContracts', () => {
  it('declares the 17 calls of /localizacao with the spec paths, each behind the screen', () => {
    expect(calls.map((c) => `${c.method} ${c.path}${c.status ? ` ${c.status}` : ''}`).sort()).toEqual([
      'DELETE /local/:locId',
      'GET /circunscricao',
      'GET /circunscricao/:cirId',
      'GET /comarcas/:comId',
      'GET /comarcas/all/:cirId',
      'GET /coordenadores',
      'GET /forums/:apfId',
      'GET /forums/all/:comId',
      'GET /local/id/:apfId/:refreshCounter',
      'POST /circunscricao',
      'POST /comarcas/:cirId',
      'POST /forums/:comId',
      'POST /local/:apfId',
      'PUT /circunscricao/:cirId 204',
      'PUT /comarcas/:comId 204',
      'PUT /forums/:apfId 204',
      'PUT /local',
    ]);
    for (const call of calls) expect(call.access).toEqual({ screens: ['/localizacao'] });
  });

  it('makes each level from one factory: the key and the parent key are the path parameters', () => {
    const { comarca, forum } = locationContracts;
    expect(pathOf(comarca.list, comarca.list.params.parse({ cirId: '3' }))).toBe('comarcas/all/3');
    expect(pathOf(forum.add, forum.add.params.parse({ comId: 4 }))).toBe('forums/4');
    expect(comarca.get.params.safeParse({ comId: '0' }).success).toBe(false);
    expect(forum.update.body.safeParse({ forNome: 'Fórum Central', forShort: 'Central' }).success).toBe(false);
    expect(forum.update.body.safeParse({ forNome: 'Fórum Central', forShort: 'Central', version: 2 }).success).toBe(true);
  });
});
