import { openBalanceContracts, type OpenBalanceRow } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { OPEN_BALANCE_WINDOW, OpenBalanceScreen } from './OpenBalanceScreen';

const row = (values: Partial<OpenBalanceRow> & Pick<OpenBalanceRow, 'emID'>): OpenBalanceRow => ({
  custNumeroInterno: '0000010',
  custName: 'Nome',
  bnkId: 2,
  bnkName: 'Banco do Brasil',
  account: '1234-5/67890-1',
  saldo: 100,
  ...values,
});
const rows: OpenBalanceRow[] = [
  row({ emID: 1, custNumeroInterno: '0012345', custName: 'Ana Lima', bnkId: 11, bnkName: 'Boleto Bancário', account: '', saldo: 123_456 }),
  row({ emID: 2, custNumeroInterno: '0000427', custName: 'Bruno Reis', saldo: 9_900 }),
  row({ emID: 3, custNumeroInterno: '1000001', custName: 'Carla Dias', bnkId: 1, bnkName: 'Santander', account: '0001/22-3', saldo: 50 }),
];

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(openBalanceContracts.list, { body: rows }, { params: { channelId: 0 } }),
    mockContract(openBalanceContracts.xlsx, { body: 'xlsx-bytes' }, { params: { channelId: 0 } }),
    ...routes,
  ]);
  return { api, ...renderWithProviders(<OpenBalanceScreen />, { session: sessionFor(['v2access', 'v2menufinanceiro']) }) };
}

// The body's rows (not the header, the footer, or the empty state's placeholder row).
const bodyRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1, -1)
    .filter((r) => within(r).queryAllByRole('cell').length > 1);
const column = (index: number) => bodyRows().map((r) => within(r).getAllByRole('cell')[index]?.textContent);

async function pick(user: ReturnType<typeof setup>['user'], label: string) {
  await user.click(screen.getByLabelText('Canal de cobrança'));
  await user.click(await screen.findByRole('option', { name: label }));
}

afterEach(() => vi.unstubAllGlobals());

describe('/saldoaberto', { timeout: 30_000 }, () => {
  it('offers the channels of spec 2 §9 with the association as channel 10, and loads nothing before one is chosen', async () => {
    const { user, api } = setup();
    // The spec's dropdown placeholder (spec 1 §5 'Other': formats).
    expect(screen.getByLabelText('Canal de cobrança')).toHaveAttribute('placeholder', 'Selecione...');
    await user.click(screen.getByLabelText('Canal de cobrança'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Todos',
      'ASSOC',
      'Banco do Brasil',
      'Boleto Bancário',
      'Magiscred',
      'Santander',
      'Cobrança Judicial',
    ]);
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeDisabled();
  });

  it('lists the channel with the internal number as 000000-0, money in R$, and the count and sum of Saldo in the footer', async () => {
    const { user, api } = setup();
    await pick(user, 'Todos');
    expect(await screen.findByText('Ana Lima')).toBeInTheDocument();
    expect(api.callsTo(openBalanceContracts.list, { channelId: 0 })).toHaveLength(1);
    expect(column(0)).toEqual(['000042-7', '001234-5', '100000-1']);
    expect(column(4)).toEqual(['R$ 99,00', 'R$ 1.234,56', 'R$ 0,50']);
    const footer = within(screen.getByRole('table')).getAllByRole('row').at(-1)!;
    expect(footer).toHaveTextContent('Registros: 3');
    expect(footer).toHaveTextContent('Total: R$ 1.334,06');
    // The sum never wraps inside (in the narrow column "R$" wrapped above its digits).
    expect(within(footer).getByText('R$ 1.334,06')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(footer).getByText('Registros: 3')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getByText('0001/22-3')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('sorts by Saldo, Local and Agência/Conta, both ways, on the client', async () => {
    const { user, api } = setup();
    await pick(user, 'Todos');
    await screen.findByText('Ana Lima');
    await user.click(screen.getByText('Saldo'));
    expect(column(4)).toEqual(['R$ 0,50', 'R$ 99,00', 'R$ 1.234,56']);
    await user.click(screen.getByText('Saldo'));
    expect(column(4)).toEqual(['R$ 1.234,56', 'R$ 99,00', 'R$ 0,50']);
    await user.click(screen.getByText('Local'));
    expect(column(2)).toEqual(['Banco do Brasil', 'Boleto Bancário', 'Santander']);
    await user.click(screen.getByText('Agência/Conta'));
    expect(column(3)).toEqual(['', '0001/22-3', '1234-5/67890-1']);
    // Sorting never asks the server again.
    expect(api.callsTo(openBalanceContracts.list)).toHaveLength(1);
  });

  it('renders a window of a long list while the footer counts and sums all of it', async () => {
    const many = Array.from({ length: 30_000 }, (_, i) =>
      row({ emID: i + 1, custNumeroInterno: String(i + 1).padStart(7, '0'), custName: `Associado ${i + 1}`, saldo: 100 }),
    );
    const { user } = setup([mockContract(openBalanceContracts.list, { body: many }, { params: { channelId: 11 } })]);
    await pick(user, 'Boleto Bancário');
    expect(await screen.findByText('Associado 1')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(OPEN_BALANCE_WINDOW);
    const footer = within(screen.getByRole('table')).getAllByRole('row').at(-1)!;
    expect(footer).toHaveTextContent('Registros: 30.000');
    expect(footer).toHaveTextContent('Total: R$ 30.000,00');
  });

  it('stops loading with no message when the list fails (spec 2 §8)', async () => {
    const { user, api } = setup([
      mockContract(openBalanceContracts.list, { status: 500, body: { message: 'falhou' } }, { params: { channelId: 19 } }),
    ]);
    await pick(user, 'Cobrança Judicial');
    await waitFor(() => expect(api.callsTo(openBalanceContracts.list, { channelId: 19 })).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument());
    expect(screen.queryByText('falhou')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(0);
  });

  it('exports the chosen channel as XLSX', async () => {
    const createObjectURL = vi.fn(() => 'blob:saldo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, api } = setup();
    await pick(user, 'Todos');
    await screen.findByText('Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(api.callsTo(openBalanceContracts.xlsx, { channelId: 0 })).toHaveLength(1);
  });
});
