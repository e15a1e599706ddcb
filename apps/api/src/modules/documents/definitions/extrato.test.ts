import { formatCents } from '@assoc/domain';
import { describe, expect, it } from 'vitest';
import { extrato } from './extrato.js';
import { pdfPages, renderSample } from './money-testing.js';

describe('extrato (monthly statement)', () => {
  it('prints the header, every entry with its running balance over several pages, and the totals', async () => {
    const sample = extrato.sample();
    expect(sample.entries.length).toBeGreaterThanOrEqual(40);
    const pages = await pdfPages(await renderSample(extrato));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = pages.join(' ');
    expect(pages[0]).toContain('Associação dos Magistrados do Estado');
    expect(pages[0]).toContain('José da Silva Araújo');
    expect(pages[0]).toContain('529.982.247-25');
    expect(pages[0]).toContain('000123-4');
    expect(pages[0]).toContain('02/2026');
    expect(pages[0]).toContain('Saldo anterior: R$ 123,45');
    // the header row repeats on every page
    for (const page of pages) expect(page).toContain('Descrição');
    expect(all).toContain('01/02/2026');
    expect(all).toContain('Colônia de Férias');
    expect(all).toContain('Maria Conceição Araújo');
    // first entry 4.590 on an opening balance of 123,45; last entry is the payment
    expect(all).toContain('R$ 45,90 R$ 169,35');
    expect(all).toContain('R$ -2.500,00');
    const charges = sample.entries.filter((e) => e.value > 0).reduce((s, e) => s + e.value, 0);
    const final = 12_345 + charges - 250_000;
    expect(charges).toBe(41 * 4_590 + 1_237 * ((40 * 41) / 2));
    expect(pages.at(-1)).toContain(`Total de débitos: ${formatCents(charges)}`);
    expect(pages.at(-1)).toContain('Total de créditos: R$ -2.500,00');
    expect(pages.at(-1)).toContain(`Saldo final: ${formatCents(final)}`);
  });

  it('refuses data without the member (a clear error, never a blank PDF)', () => {
    expect(extrato.data.safeParse({ period: '2026-02', entries: [] }).success).toBe(false);
    expect(extrato.data.safeParse({ ...extrato.sample(), period: '2026-13' }).success).toBe(false);
  });
});
