import { genericMessages as m, refundContracts, serviceContracts, type RefundRecord } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RolesProvider } from '../ui/components/RoleGate';
import { RefundDialog } from './RefundDialog';
import { pickers, refundRow, serviceOf } from './test/fixtures';

function setup(record: RefundRecord | null, roles: string[], routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(serviceContracts.listSuppliers, { body: pickers.suppliers }),
    mockContract(serviceContracts.listProducts, (request) => ({ body: pickers.products(Number(request.path.split('/').at(-1))) })),
    mockContract(serviceContracts.listServices, (request) => {
      const sucId = Number(request.path.split('/').at(-1));
      return { body: sucId === 2 ? [serviceOf(3, 2, 'Plano de saúde')] : [serviceOf(6, 5, 'Linha móvel')] };
    }),
    mockContract(refundContracts.search, {
      body: [
        { cstId: 10, custName: 'João da Silva', custCPF: '11144477735', titular: true, parentId: null, custTitularName: 'João da Silva' },
        { cstId: 11, custName: 'Maria da Silva', custCPF: '52998224725', titular: false, parentId: 10, custTitularName: 'João da Silva' },
      ],
    }),
    ...routes,
  ]);
  const all = ['v2access', 'v2dev', ...roles];
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <RolesProvider roles={all}>
      <RefundDialog record={record} onClose={() => undefined} onSaved={onSaved} />
    </RolesProvider>,
    { session: sessionFor(all), modals: true, notifications: true },
  );
  return { api, onSaved, ...view };
}

const combo = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });
const pick = async (user: ReturnType<typeof setup>['user'], name: string, option: string) => {
  await user.click(combo(name));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('refund dialog', { timeout: 30_000 }, () => {
  it('Nova Devolução: member search, supplier → product → service cascade clearing lower levels, amount rules, Adicionar', async () => {
    const saved = refundRow({ devId: 900 });
    const { api, user, onSaved } = setup(null, [], [mockContract(refundContracts.create, { body: saved })]);
    const dialog = await screen.findByRole('dialog', { name: 'Nova Devolução' });
    const add = within(dialog).getByRole('button', { name: 'Adicionar' });
    expect(within(dialog).getAllByRole('button', { name: 'Fechar' }).at(-1)).toHaveTextContent('Fechar');
    // A requester's status choices: EM ANÁLISE only for a new refund.
    await user.click(combo('Situação'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE']);
    await user.keyboard('{Escape}');

    await user.type(combo('Associado'), 'silva');
    await user.click(await screen.findByRole('option', { name: 'Maria da Silva (dependente de João da Silva)' }));
    expect(screen.getByRole('textbox', { name: 'Solicitante' })).toHaveValue('Maria da Silva');
    expect(screen.getByRole('textbox', { name: 'Titular' })).toHaveValue('João da Silva');
    expect(screen.getByRole('textbox', { name: 'Solicitante' })).toHaveAttribute('readonly');

    expect(combo('Produto')).toBeDisabled();
    await pick(user, 'Fornecedor', 'Unimed');
    await pick(user, 'Produto', 'Plano Magistratura');
    await pick(user, 'Serviço', 'Plano de saúde');
    // Another supplier clears the product and the service.
    await pick(user, 'Fornecedor', 'Vivo');
    expect(combo('Produto')).toHaveValue('');
    expect(combo('Serviço')).toHaveValue('');
    expect(combo('Serviço')).toBeDisabled();
    await pick(user, 'Produto', 'Telefonia');
    await pick(user, 'Serviço', 'Linha móvel');

    const amount = screen.getByRole('textbox', { name: /^Valor/ });
    await user.type(amount, '30000,01');
    await user.tab();
    expect(await screen.findByText(m.numericMax)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '150,25');
    await user.tab();
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.callsTo(refundContracts.create)[0]!.body).toMatchObject({
      cstId: 11,
      titId: 10,
      custName: 'Maria da Silva',
      titNome: 'João da Silva',
      custCpf: '52998224725',
      devStatus: 1,
      devTipo: 1,
      devValor: 15025,
      supId: 4,
      sucId: 5,
      svcId: 6,
    });
  });

  it('Alteração by an approver: type, amount and the service chain disabled; statuses 1, 2 and 4 from EM ANÁLISE; Atualizar', async () => {
    const rec = refundRow();
    const { api, user } = setup(rec, ['v2devapr'], [mockContract(refundContracts.update, { body: { ...rec, devStatus: 2, version: 4 } })]);
    const dialog = await screen.findByRole('dialog', { name: 'Alteração' });
    expect(within(dialog).queryByRole('combobox', { name: /^Associado/ })).not.toBeInTheDocument();
    for (const name of ['Local de devolução', 'Fornecedor', 'Produto', 'Serviço']) expect(combo(name)).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Valor/ })).toBeDisabled();
    await waitFor(() => expect(combo('Serviço')).toHaveValue('Plano de saúde'));
    await pick(user, 'Situação', 'APROVADO');
    await user.click(combo('Situação'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE', 'APROVADO', 'CANCELADO']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(api.callsTo(refundContracts.update, { devId: 701 })).toHaveLength(1));
    expect(api.callsTo(refundContracts.update)[0]!.body).toMatchObject({ devStatus: 2, version: 3 });
  });

  it('a requester may only cancel; from APROVADO only FINALIZADO; from FINALIZADO no selector and notes disabled', async () => {
    const first = setup(refundRow(), []);
    await screen.findByRole('dialog', { name: 'Alteração' });
    await first.user.click(combo('Situação'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE', 'CANCELADO']);
    first.unmount();

    const second = setup(refundRow({ devStatus: 2 }), ['v2devapr']);
    await screen.findByRole('dialog', { name: 'Alteração' });
    await second.user.click(combo('Situação'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['APROVADO', 'FINALIZADO']);
    second.unmount();

    setup(refundRow({ devStatus: 3 }), ['v2devapr']);
    await screen.findByRole('dialog', { name: 'Alteração' });
    expect(screen.queryByRole('combobox', { name: /^Situação/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Situação' })).toHaveValue('FINALIZADO');
    expect(screen.getByRole('textbox', { name: /^Observações/ })).toBeDisabled();
  });

  it('a stale save shows the 409 message and keeps the dialog open', async () => {
    const { user } = setup(refundRow(), ['v2devapr'], [mockContract(refundContracts.update, { status: 409, body: { message: m.staleRecord } })]);
    const dialog = await screen.findByRole('dialog', { name: 'Alteração' });
    await pick(user, 'Situação', 'CANCELADO');
    await user.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(m.staleRecord);
  });

  it('has no critical or serious axe violation, new and edit (WCAG 2.1 A/AA)', async () => {
    const view = setup(null, ['v2devapr']);
    await screen.findByRole('dialog', { name: 'Nova Devolução' });
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
    view.unmount();
    setup(refundRow({ devStatus: 2 }), ['v2devapr']);
    await screen.findByRole('dialog', { name: 'Alteração' });
    await waitFor(() => expect(combo('Serviço')).toHaveValue('Plano de saúde'));
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
