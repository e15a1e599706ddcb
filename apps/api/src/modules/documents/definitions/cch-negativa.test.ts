import { describe, expect, it } from 'vitest';
import { cchNegativa } from './cch-negativa.js';
import { pdfPages, renderSample } from './money-testing.js';

describe('cch-negativa (CCH denial letter)', () => {
  it('prints the member, the request, the denial with its reason, place, date and signature', async () => {
    const pages = await pdfPages(await renderSample(cchNegativa));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page).toContain('Comunicado de indeferimento de CCH');
    expect(page).toContain('José da Silva Araújo');
    expect(page).toContain('Solicitação nº 20871, de 10/02/2026');
    expect(page).toContain('Benefício: Benefício 2');
    expect(page).toContain('INDEFERIDA pelo seguinte motivo: Procedimento realizado antes do término da carência do benefício');
    expect(page).toContain('São Paulo, 15 de março de 2026');
    expect(page).toContain('Antônio Guimarães Peçanha');
  });

  it('refuses a denial without a reason (or longer than cchDeliberacao allows)', () => {
    expect(cchNegativa.data.safeParse({ ...cchNegativa.sample(), reason: ' ' }).success).toBe(false);
    expect(cchNegativa.data.safeParse({ ...cchNegativa.sample(), reason: 'x'.repeat(121) }).success).toBe(false);
  });
});
