import { dashboardContracts, type DashboardCardData } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import DashboardCards from './DashboardCards';

const base = { period: null, subtitle: null, computedAt: '2026-01-01T10:00:00.000Z' };
const balance: DashboardCardData = {
  ...base,
  key: 'saldo-aberto',
  title: 'Saldo em aberto por canal e idade',
  href: '/saldoaberto',
  total: { value: 1_234_56, unit: 'money', caption: 'em aberto' },
  parts: [
    {
      title: 'Por canal e idade',
      chart: 'stacked',
      unit: 'money',
      series: ['0-30 dias', '31-60 dias', '61-90 dias', '90+ dias'],
      rows: [{ label: 'Boleto Bancário', values: [100_000, 23_456, 0, 0] }],
    },
  ],
};
const refunds: DashboardCardData = {
  ...base,
  key: 'devolucoes',
  title: 'Devoluções aguardando aprovação',
  href: '/devolucao',
  total: { value: 2, unit: 'count', caption: 'aguardando aprovação' },
  subtitle: 'Valor total: R$ 175,50',
  parts: [],
};
const members = (period: number): DashboardCardData => ({
  ...base,
  key: 'socios',
  title: 'Sócios por situação e status',
  href: '/filter',
  period,
  total: { value: 3_210, unit: 'count', caption: 'titulares' },
  parts: [
    {
      title: 'Por situação',
      chart: 'donut',
      unit: 'count',
      series: ['Titulares'],
      rows: [
        { label: 'Ativo', values: [3_000] },
        { label: 'Falecido', values: [210] },
      ],
    },
    {
      title: 'Admissões e falecimentos por mês',
      chart: 'bar',
      unit: 'count',
      series: ['Admissões', 'Falecimentos'],
      rows: Array.from({ length: period }, (_, i) => ({ label: `${String(i + 1).padStart(2, '0')}/2026`, values: [i, 1] })),
    },
  ],
});

function setup() {
  const api = mockApi([
    mockContract(dashboardContracts.cards, {
      body: [
        { key: 'socios', title: 'Sócios por situação e status', href: '/filter', timeAxis: true },
        { key: 'saldo-aberto', title: 'Saldo em aberto por canal e idade', href: '/saldoaberto', timeAxis: false },
        { key: 'devolucoes', title: 'Devoluções aguardando aprovação', href: '/devolucao', timeAxis: false },
      ],
    }),
    mockContract(dashboardContracts.card, { body: members(12) }, { params: { card: 'socios' }, query: { period: 12 } }),
    mockContract(dashboardContracts.card, { body: members(6) }, { params: { card: 'socios' }, query: { period: 6 } }),
    mockContract(dashboardContracts.card, { body: balance }, { params: { card: 'saldo-aberto' } }),
    mockContract(dashboardContracts.card, { body: refunds }, { params: { card: 'devolucoes' } }),
  ]);
  return {
    api,
    ...renderWithProviders(<DashboardCards />, { session: sessionFor(['v2access', 'v2menufiltro', 'v2menufinanceiro', 'v2dev', 'v2devapr']) }),
  };
}

describe('dashboard cards', () => {
  it('shows each card the user may see, its title linking to its screen, numbers as R$ 1.234,56', async () => {
    setup();
    const card = await screen.findByRole('region', { name: 'Saldo em aberto por canal e idade' });
    expect(within(card).getByRole('link', { name: 'Saldo em aberto por canal e idade' })).toHaveAttribute('href', '/saldoaberto');
    expect(await within(card).findByText('R$ 1.234,56')).toBeInTheDocument();
    const refundsCard = screen.getByRole('region', { name: 'Devoluções aguardando aprovação' });
    expect(await within(refundsCard).findByText('2')).toBeInTheDocument();
    expect(within(refundsCard).getByText('Valor total: R$ 175,50')).toBeInTheDocument();
    expect(within(refundsCard).getByRole('link')).toHaveAttribute('href', '/devolucao');
  });

  it("gives every chart its numbers in a table under 'Ver dados'", async () => {
    const { user } = setup();
    const card = await screen.findByRole('region', { name: 'Saldo em aberto por canal e idade' });
    expect(await within(card).findByRole('img', { name: 'Por canal e idade' })).toBeInTheDocument();
    await user.click(within(card).getByText('Ver dados'));
    const table = within(card).getByRole('table', { name: 'Por canal e idade' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['', '0-30 dias', '31-60 dias', '61-90 dias', '90+ dias']);
    const row = within(table).getByRole('row', { name: /Boleto Bancário/ });
    expect(row).toHaveTextContent('R$ 1.000,00');
    expect(row).toHaveTextContent('R$ 234,56');
  });

  it('asks the server again for the chosen period on a time-axis card', async () => {
    const { user, api } = setup();
    const card = await screen.findByRole('region', { name: 'Sócios por situação e status' });
    expect(await within(card).findByText('3.210')).toBeInTheDocument();
    expect(within(card).getAllByRole('row')).toHaveLength(1 + 2 + 1 + 12);
    await user.click(within(card).getByRole('combobox', { name: 'Período de Sócios por situação e status' }));
    await user.click(await screen.findByRole('option', { name: 'Últimos 6 meses' }));
    await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(1 + 2 + 1 + 6));
    expect(api.callsTo(dashboardContracts.card, { card: 'socios' }).map((c) => c.search)).toEqual(['?period=12', '?period=6']);
    // The other cards have no period; no option is in the page while the selector is closed.
    expect(screen.getAllByRole('combobox', { name: /^Período de / })).toHaveLength(1);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    setup();
    await screen.findByText('R$ 1.234,56');
    await screen.findByText('3.210');
    for (const summary of screen.getAllByText('Ver dados')) summary.closest('details')!.open = true;
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
