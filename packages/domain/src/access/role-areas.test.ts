import { describe, expect, it } from 'vitest';
import { allRoles, roleAreas } from './roles.js';

describe('roleAreas', () => {
  it('puts every role of the catalogue in exactly one area, in catalogue order', () => {
    expect(roleAreas.flatMap((a) => a.roles)).toEqual(allRoles);
    expect(roleAreas.map((a) => a.area)).toEqual([
      'Acesso e layout',
      'Menus',
      'Ficha do associado: auditoria e gravação',
      'Ficha do associado: abas',
      'Ficha do associado: seções da aba Usuário',
      'Dependentes e serviços',
      'Extratos, I.R., cobranças e documentos',
      'CCH',
    ]);
    expect(roleAreas.find((a) => a.area === 'CCH')!.roles).toContain('v2cchedit');
  });
});
