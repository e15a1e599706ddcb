import { describe, expect, it } from 'vitest';
import { isXls } from './files';

describe('isXls', () => {
  it('refuses the .xls name in any case, and nothing else', () => {
    expect(isXls(new File(['x'], 'lancamentos.xls'))).toBe(true);
    expect(isXls(new File(['x'], 'FATURA.XLS', { type: 'application/vnd.ms-excel' }))).toBe(true);
    expect(isXls(new File(['x'], 'fatura.xlsx'))).toBe(false);
    expect(isXls(null)).toBe(false);
  });

  it('accepts a CSV that a Windows browser labels application/vnd.ms-excel', () => {
    expect(isXls(new File(['11144477735;10,00\n'], 'lancamentos.csv', { type: 'application/vnd.ms-excel' }))).toBe(false);
  });
});
