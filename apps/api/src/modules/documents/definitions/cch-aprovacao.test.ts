import { describe, expect, it } from 'vitest';
import { cchAprovacao } from './cch-aprovacao.js';
import { pdfPages, renderSample } from './money-testing.js';

describe('cch-aprovacao (CCH approval letter)', () => {
  it('prints the member, the request, the decision with the approved amount, place, date and signature', async () => {
    const pages = await pdfPages(await renderSample(cchAprovacao));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page).toContain('Associação dos Magistrados do Estado');
    expect(page).toContain('Comunicado de deferimento de CCH');
    expect(page).toContain('José da Silva Araújo');
    expect(page).toContain('529.982.247-25');
    expect(page).toContain('Solicitação nº 20871, de 10/02/2026');
    expect(page).toContain('Ressonância magnética de coluna lombo-sacra (TUSS 41101227), realizado em 03/02/2026');
    expect(page).toContain('Beneficiário: Maria Conceição Araújo');
    expect(page).toContain('Valor solicitado: R$ 987,50');
    expect(page).toContain('DEFERIDA, no valor de R$ 987,50');
    expect(page).toContain('10/03/2026');
    expect(page).toContain('São Paulo, 15 de março de 2026');
    expect(page).toContain('Antônio Guimarães Peçanha');
    expect(page).toContain('Diretor de Benefícios');
  });

  it('refuses a letter without the approved amount', () => {
    const { approved: _approved, ...rest } = cchAprovacao.sample();
    expect(cchAprovacao.data.safeParse(rest).success).toBe(false);
  });
});
