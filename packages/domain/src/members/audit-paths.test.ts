import { describe, expect, it } from 'vitest';
import { auditRowPath, childRowId } from './audit-paths.js';

describe('audit row paths (audit-paths.ts)', () => {
  it("names a saved row by its list's id field, an unsaved or id-less row by its index", () => {
    expect(childRowId('parentFilhos', { cstId: 201 }, 0)).toBe('201');
    expect(childRowId('usuarioServicos', { cslId: 31 }, 4)).toBe('31');
    expect(childRowId('documentos', { scanId: 7 }, 1)).toBe('7');
    expect(childRowId('atendimentos', { atdId: 9 }, 1)).toBe('9');
    expect(childRowId('cobrancas', { cobId: 12 }, 1)).toBe('12');
    expect(childRowId('cobrancas', { cobId: -5 }, 2)).toBe('2');
    expect(childRowId('documentos', {}, 3)).toBe('3');
    expect(childRowId('portalAcesso', { userId: 55 }, 0)).toBe('0');
  });

  it('joins list, id and field; a nested list goes after its parent row', () => {
    expect(auditRowPath('parentFilhos', 201)).toBe('parentFilhos.201');
    expect(auditRowPath('parentFilhos', '201', 'custName')).toBe('parentFilhos.201.custName');
    expect(`${auditRowPath('parentFilhos', 201)}.${auditRowPath('usuarioServicos', 31, 'valor')}`).toBe('parentFilhos.201.usuarioServicos.31.valor');
  });
});
