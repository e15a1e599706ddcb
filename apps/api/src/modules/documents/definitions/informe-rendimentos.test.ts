import { describe, expect, it } from 'vitest';
import { informeRendimentos } from './informe-rendimentos.js';
import { pdfPages, renderSample } from './money-testing.js';

describe('informe-rendimentos (income-tax statement)', () => {
  it('prints the year, the entity with its CNPJ, the holder, each beneficiary with amounts, and the totals', async () => {
    const pages = await pdfPages(await renderSample(informeRendimentos));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page).toContain('Ano-calendário 2025 — Exercício 2026');
    expect(page).toContain('Associação dos Magistrados do Estado — CNPJ 11.222.333/0001-81');
    expect(page).toContain('José da Silva Araújo — CPF 529.982.247-25');
    expect(page).toContain('Maria Conceição Araújo');
    expect(page).toContain('111.444.777-35');
    expect(page).toContain('Cônjuge');
    expect(page).toContain('05/01/2004');
    expect(page).toContain('R$ 18.432,60');
    expect(page).toContain('R$ 6.124,80');
    expect(page).toContain('Total pago no ano: R$ 42.990,00');
    expect(page).toContain('Total reembolsado: R$ 475,50');
    expect(page).toContain('código 26');
    expect(page).toContain('São Paulo, 15 de março de 2026');
  });

  it('refuses a statement without beneficiaries or with an invalid CNPJ', () => {
    expect(informeRendimentos.data.safeParse({ ...informeRendimentos.sample(), beneficiaries: [] }).success).toBe(false);
    const sample = informeRendimentos.sample();
    expect(informeRendimentos.data.safeParse({ ...sample, entity: { ...sample.entity, cnpj: '11.222.333/0001-80' } }).success).toBe(false);
  });
});
