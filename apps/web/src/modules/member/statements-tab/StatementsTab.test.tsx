import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyMember, ledgerMessages, type MemberInput, ledgerContracts } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MemberTabHarness } from '../test/tab-harness';
import StatementsTab from './StatementsTab';

const ALL = ['v2tabextratos', 'v2extratoprint', 'v2extratoemail', 'v2extratoestorno'];
const PERIODS = [
  { value: -26, label: 'Em aberto' },
  { value: 25, label: '10/2026' },
];

const entry = (extId: number, extValor: number, saldo: number, extra: Record<string, unknown> = {}) => ({
  extId,
  extDate: '2026-11-03T12:30:15.000Z',
  extDescricao: `Lançamento ${extId}`,
  extResponsavel: 'Maria da Silva',
  svcId: 171,
  svcName: 'Mensalidade',
  extValor,
  extTipo: 'lancamento',
  extEstornoParent: null,
  extEstornoChild: null,
  extCreatedBy: 'Operador',
  extCreated: '2026-11-03T12:30:15.000Z',
  saldo,
  ...extra,
});

const OPEN = {
  fecId: 26,
  periodo: '2026-11',
  aberto: true,
  saldoAnterior: 10_000,
  saldoFinal: 132_345,
  entries: [entry(1, 123_456, 133_456), entry(2, -1_111, 132_345, { extEstornoChild: 3 })],
};

function setup(roles = ALL, routes: MockRoute[] = [], situation = 1) {
  const api = mockApi([mockContract(ledgerContracts.statement, { body: OPEN }, { params: { cstId: 101, fecID: '-26' } }), ...routes]);
  const member = {
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    custAssocSituacao: situation,
    extratoDatas: PERIODS,
    version: 1,
  } as MemberInput;
  const view = renderWithProviders(<MemberTabHarness tab={StatementsTab} member={member} roles={roles} />, { modals: true, notifications: true });
  return { api, ...view };
}

describe('Extratos tab', { timeout: 30_000 }, () => {
  it('opens on the open period: entries with date, description, person, service, value and running balance', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Lançamentos do período em aberto' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DataDescriçãoResponsávelServiçoValorSaldoEstorno');
    expect(rows[2]).toHaveTextContent('03/11/2026 09:30:15');
    expect(rows[2]).toHaveTextContent('Lançamento 1');
    expect(rows[2]).toHaveTextContent('Maria da Silva');
    expect(rows[2]).toHaveTextContent('Mensalidade');
    expect(rows[2]).toHaveTextContent('R$ 1.234,56');
    expect(rows[2]).toHaveTextContent('R$ 1.334,56');
    expect(rows[3]).toHaveTextContent('Estornado');
    // Issue 22 item 21: a credit (negative) as 'R$ -11,11', the sign on the number.
    expect(rows[3]).toHaveTextContent('R$ -11,11');
    expect(table.querySelector('tfoot')).toHaveTextContent('SaldoR$ 1.323,45');
    expect(rows[1]).toHaveTextContent('Saldo anteriorR$ 100,00');
  });

  it('without v2extratoestorno there is no reversal column; without print and e-mail roles, no menu', async () => {
    setup(['v2tabextratos']);
    const table = await screen.findByRole('table');
    expect(within(table).queryByText('Estorno')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Estornar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download/E-Mail' })).not.toBeInTheDocument();
  });

  it('reverses after both confirmations, shows the success and reloads the entries', async () => {
    let reloaded = 0;
    const { user, api } = setup(ALL, [
      mockContract(ledgerContracts.reverse, { body: { message: ledgerMessages.reversed } }, { params: { extId: 1 } }),
      mockContract(
        ledgerContracts.statement,
        () => ({
          body: reloaded++ === 0 ? OPEN : { ...OPEN, entries: [entry(1, 123_456, 133_456, { extEstornoChild: 9 })] },
        }),
        { params: { cstId: 101, fecID: '-26' } },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Estornar lançamento Lançamento 1' }));
    expect(await screen.findByText(ledgerMessages.reverseConfirm)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(ledgerMessages.reverseWarning)).toBeInTheDocument();
    expect(screen.getByText(ledgerMessages.reverseConfirmTitle)).toBeInTheDocument();
    expect(api.callsTo(ledgerContracts.reverse, { extId: 1 })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(ledgerMessages.reversed)).toBeInTheDocument();
    expect(api.callsTo(ledgerContracts.reverse, { extId: 1 })).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(ledgerContracts.statement, { cstId: 101, fecID: '-26' }).length).toBe(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Estornar lançamento Lançamento 1' })).not.toBeInTheDocument());
  });

  it('NÃO at the second confirmation reverses nothing', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Estornar lançamento Lançamento 1' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    await screen.findByText(ledgerMessages.reverseWarning);
    await user.click(screen.getByRole('button', { name: 'NÃO' }));
    await waitFor(() => expect(screen.queryByText(ledgerMessages.reverseWarning)).not.toBeInTheDocument());
    expect(api.callsTo(ledgerContracts.reverse, { extId: 1 })).toHaveLength(0);
  });

  it('a closed period shows its PDF embedded', async () => {
    const createObjectURL = vi.fn(() => 'blob:extrato');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { user, api } = setup(ALL, [mockContract(ledgerContracts.pdf, { body: 'pdf' }, { params: { cstId: 101, period: 25 } })]);
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Período', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '10/2026' }));
    const frame = await screen.findByTitle('Extrato 10/2026');
    expect(frame).toHaveAttribute('src', 'blob:extrato');
    expect(api.callsTo(ledgerContracts.pdf, { cstId: 101, period: 25 })).toHaveLength(1);
  });

  it('E-Mail sends the statement and shows the spec message', async () => {
    const { user } = setup(ALL, [
      mockContract(ledgerContracts.email, { body: { message: ledgerMessages.emailSent } }, { params: { cstId: 101, fecID: '-26' } }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Download/E-Mail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-Mail' }));
    expect(await screen.findByText(ledgerMessages.emailSent)).toBeInTheDocument();
  });

  it('E-Mail is disabled for situation 5', async () => {
    const { user } = setup(ALL, [], 5);
    await user.click(await screen.findByRole('button', { name: 'Download/E-Mail' }));
    expect(await screen.findByRole('menuitem', { name: 'E-Mail' })).toBeDisabled();
  });
});
