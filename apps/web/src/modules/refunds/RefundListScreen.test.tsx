import { refundContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RolesProvider } from '../ui/components/RoleGate';
import { RefundListScreen } from './RefundListScreen';
import { refundRow, year } from './test/fixtures';

const finalised = refundRow({ devId: 702, devStatus: 3, devTipo: 2, devValor: 5000, custName: 'Pedro Final', extId: null });

function setup(roles: string[]) {
  const api = mockApi([
    mockContract(refundContracts.list, (request) => {
      const items = request.path === 'devolucao/3' ? [finalised] : [refundRow()];
      return { body: { items, total: items.length, totalValor: items[0]!.devValor, page: 1, pageSize: 50 } };
    }),
    mockContract(refundContracts.remove, { status: 204 }),
    mockContract(refundContracts.export, { body: new Blob(['x']) }),
  ]);
  const all = ['v2access', 'v2dev', ...roles];
  const view = renderWithProviders(
    <RolesProvider roles={all}>
      <RefundListScreen />
    </RolesProvider>,
    { session: sessionFor(all), modals: true, notifications: true },
  );
  return { api, ...view };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('/devolucao list', { timeout: 30_000 }, () => {
  it("opens on EM ANÁLISE with the spec's columns in pt-BR formats; without v2devapr the filter has no APROVADOS", async () => {
    const { api, user } = setup([]);
    const row = await rowOf('Maria da Silva');
    expect(api.calls[0]!.path).toBe('devolucao/1');
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Solicitante',
      'Titular',
      'Data de criação',
      'Tipo de crédito',
      'Serviço',
      'Valor',
      'Ações',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['Maria da Silva', 'João da Silva', `02/01/${year}`, 'Sistema', 'Plano de saúde', 'R$ 1.234,56']);
    expect(screen.getByTestId('refund-totals')).toHaveTextContent('1 devolução, R$ 1.234,56');
    // Only the edit icon: no delete without superadmin.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Alterar devolução 701 de Maria da Silva']);
    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE', 'FINALIZADOS', 'CANCELADOS']);
    expect(screen.queryByRole('button', { name: 'Exportar a pagar (C/C)' })).not.toBeInTheDocument();
  });

  it('the approver sees APROVADOS; a FINALIZADO row shows C/C and no delete; superadmin deletes before with the version', async () => {
    const { api, user } = setup(['v2devapr', 'superadmin']);
    const row = await rowOf('Maria da Silva');
    expect(screen.getByRole('button', { name: 'Exportar a pagar (C/C)' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Apagar devolução 701 de Maria da Silva' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagar devolução' });
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(refundContracts.remove, { devId: 701 })).toHaveLength(1));
    expect(api.callsTo(refundContracts.remove)[0]!.search).toBe('?version=3');

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE', 'APROVADOS', 'FINALIZADOS', 'CANCELADOS']);
    await user.click(screen.getByRole('option', { name: 'FINALIZADOS' }));
    const done = await rowOf('Pedro Final');
    expect(within(done).getAllByRole('cell')[3]).toHaveTextContent('C/C');
    expect(within(done).queryByRole('button', { name: /Apagar/ })).not.toBeInTheDocument();
  });

  it("'Exportar Excel' downloads the filtered status; the search goes to the server from page 1", async () => {
    const { api, user } = setup([]);
    await rowOf('Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'Buscar por nome ou CPF' }), 'maria');
    await waitFor(() => expect(api.callsTo(refundContracts.list, { status: 1 }).at(-1)!.search).toContain('q=maria'));
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(api.callsTo(refundContracts.export, { status: 1 })).toHaveLength(1));
    expect(api.callsTo(refundContracts.export)[0]!.search).toBe('?q=maria');
  });

  it("'Nova Devolução' opens the dialog with the member search", async () => {
    const { user } = setup([]);
    await rowOf('Maria da Silva');
    await user.click(screen.getByRole('button', { name: 'Nova Devolução' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Devolução' });
    expect(within(dialog).getByRole('combobox', { name: /^Associado/ })).toBeInTheDocument();
  });

  it('has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    setup(['v2devapr', 'superadmin']);
    await rowOf('Maria da Silva');
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
