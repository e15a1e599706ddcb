import { cchContracts, cchMessages } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RolesProvider } from '../ui/components/RoleGate';
import { CchListScreen } from './CchListScreen';
import { balanceOf, cchRow, year } from './test/fixtures';

const paid = cchRow({
  cchId: 502,
  cchStatus: 5,
  cchValorPago: 123456,
  cchDataPagamento: `${year}-01-05`,
  cchDataCredito: `${year}-01-06T13:00:00.000Z`,
  titular: 'Ana Paga',
  usuario: 'Pedro Pago',
});

function setup(roles: string[]) {
  const api = mockApi([
    mockContract(cchContracts.list, (request) => {
      const items = request.path.startsWith('cch/5/') ? [paid] : [cchRow()];
      return { body: { items, total: items.length, page: 1, pageSize: 50 } };
    }),
    mockContract(cchContracts.cancel, { body: { ...paid, cchStatus: 6 } }),
    mockContract(cchContracts.remove, { status: 204 }),
    mockContract(cchContracts.plans, { body: [{ label: 'Unimed', value: 21 }] }),
    mockContract(cchContracts.balance, { body: balanceOf() }),
  ]);
  const all = ['v2menucch', ...roles];
  const view = renderWithProviders(
    <RolesProvider roles={all}>
      <CchListScreen />
    </RolesProvider>,
    { session: sessionFor(all), modals: true, notifications: true },
  );
  return { api, ...view };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('/cch list', { timeout: 30_000 }, () => {
  it("opens on EM ANÁLISE with the spec's columns formatted, and no role icon without the roles", async () => {
    const { api } = setup([]);
    const row = await rowOf('Maria da Silva');
    expect(api.calls[0]!.path).toMatch(/^cch\/2\/[^/]+$/);
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Titular',
      'Usuário',
      'Solicitação',
      'Benefício',
      'Data do procedimento',
      'Procedimento',
      'Valor pago',
      'Situação',
      'Pagamento',
      'Crédito',
      'Ações',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      'Maria da Silva',
      'João da Silva',
      `02/01/${year}`,
      'Benefício 2',
      `01/01/${year}`,
      'Consulta em consultório',
      '',
      'EM ANÁLISE',
    ]);
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(within(row).queryAllByRole('link')).toHaveLength(0);
  });

  it('shows the download, edit and delete icons by role; PAGO adds the letter and cancel; cancel asks and calls the cancel', async () => {
    const { user, api } = setup(['v2cchdownload', 'v2cchbeneficioedit', 'superadmin']);
    const row = await rowOf('Maria da Silva');
    expect(within(row).getByRole('link', { name: /Documento da solicitação 501/ })).toHaveAttribute('href', '/api/v1/cch/doc/501');
    expect(within(row).getByRole('button', { name: /Editar solicitação 501/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Apagar solicitação 501/ })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'PAGO' }));
    const paidRow = await rowOf('Ana Paga');
    expect(within(paidRow).getAllByRole('cell')[6]).toHaveTextContent('R$ 1.234,56');
    expect(within(paidRow).getAllByRole('cell')[8]).toHaveTextContent(`05/01/${year}`);
    expect(within(paidRow).getAllByRole('cell')[9]).toHaveTextContent(`06/01/${year}`);
    const letter = within(paidRow).getByRole('link', { name: /Carta de deferimento da solicitação 502/ });
    expect(letter).toHaveAttribute('href', '/api/v1/cch/deferido/502');
    expect(letter).toHaveAttribute('target', '_blank');
    // A paid request is not deleted (the ledger names it).
    expect(within(paidRow).queryByRole('button', { name: /Apagar/ })).not.toBeInTheDocument();

    await user.click(within(paidRow).getByRole('button', { name: /Cancelar solicitação 502/ }));
    const dialog = await screen.findByRole('dialog', { name: cchMessages.cancelConfirm });
    expect(dialog).toHaveTextContent(cchMessages.cancelWarning);
    expect(api.callsTo(cchContracts.cancel)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(cchContracts.cancel, { cchId: 502 })).toHaveLength(1));
  });

  it('the edit icon opens the request modal on the row; superadmin delete asks, then DELETE with the version', async () => {
    const { user, api } = setup(['v2cchbeneficioedit', 'superadmin']);
    const row = await rowOf('Maria da Silva');
    await user.click(within(row).getByRole('button', { name: /Editar solicitação 501/ }));
    const modal = await screen.findByRole('dialog', { name: 'CCH nº 501' });
    expect(within(modal).getByRole('textbox', { name: /^TUSS/ })).toHaveValue('10101012');
    await user.click(within(modal).getAllByRole('button', { name: 'Fechar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'CCH nº 501' })).not.toBeInTheDocument());

    api.calls.length = 0;
    await user.click(within(row).getByRole('button', { name: /Apagar solicitação 501/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagar solicitação' });
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(cchContracts.remove, { cchId: 501 })).toHaveLength(1));
    expect(api.callsTo(cchContracts.remove)[0]!.search).toBe('?version=3');
  });

  it('searches by name or CPF (q) from the first page', async () => {
    const { user, api } = setup([]);
    await rowOf('Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'Buscar por nome ou CPF' }), 'maria');
    await waitFor(() => expect(api.callsTo(cchContracts.list).at(-1)!.search).toContain('q=maria'));
    expect(api.callsTo(cchContracts.list).at(-1)!.search).toContain('page=1');
  });

  it('a failed list is silent', async () => {
    mockApi([mockContract(cchContracts.list, { status: 500, body: { message: 'falhou' } })]);
    renderWithProviders(
      <RolesProvider roles={['v2menucch']}>
        <CchListScreen />
      </RolesProvider>,
      { session: sessionFor(['v2menucch']) },
    );
    expect(await screen.findByText('Nenhuma solicitação nesta situação')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('falhou')).not.toBeInTheDocument();
  });

  it('has no critical or serious axe violation with every icon shown (WCAG 2.1 A/AA)', async () => {
    setup(['v2cchdownload', 'v2cchbeneficioedit', 'superadmin']);
    await rowOf('Maria da Silva');
    const results = await runAxe(document.body);
    expect(seriousViolations(results)).toEqual([]);
  });
});
