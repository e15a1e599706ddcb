import { authContracts, menuContracts, extratoGroupContracts, serviceContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sampleService as service, sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';

afterEach(() => sessionMarks.clear());

function setup(listed: typeof service = service) {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadservicos']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(extratoGroupContracts.list, { body: [] }),
    mockContract(serviceContracts.listSuppliers, { body: [{ supId: 1, supName: 'Unimed Cooperativa Médica', version: 1 }] }),
    mockContract(
      serviceContracts.listProducts,
      { body: [{ sucId: 11, supId: 1, sucName: 'Plano de saúde Unimed', sucHealth: true, sucMudaFaixa: true, version: 1 }] },
      { params: { supId: 1 } },
    ),
    mockContract(serviceContracts.listServices, { body: [listed] }, { params: { sucId: 11 } }),
    mockContract(serviceContracts.addSupplier, ({ body }) => ({ body: { ...(body as object), supId: 3, supCnpj: null, version: 1 } })),
    mockContract(serviceContracts.updateService, ({ body }) => ({ body: { ...listed, ...(body as object), version: 2 } })),
  ]);
  return { api, ...renderApp('/servico') };
}

const field = (dialog: HTMLElement, label: string | RegExp) => within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** Picks the supplier and the product, and gives the row of the service. */
async function serviceRow(user: ReturnType<typeof setup>['user']) {
  const supplier = await screen.findByLabelText('Fornecedor', { selector: 'input' }, { timeout: 5000 });
  await user.click(supplier);
  await user.click(await screen.findByRole('option', { name: 'Unimed Cooperativa Médica' }));
  const product = screen.getByLabelText('Produto', { selector: 'input' });
  await waitFor(() => expect(product).toBeEnabled());
  await user.click(product);
  await user.click(await screen.findByRole('option', { name: 'Plano de saúde Unimed' }));
  const row = (await screen.findByText('Titular 19 a 58 anos')).closest('tr')!;
  return row;
}

describe('/servico forms', { timeout: 45_000 }, () => {
  it('rates read percent with 2 decimals; out-of-range numbers keep what was typed, say why and keep Ok red', async () => {
    const { user } = setup();
    const row = await serviceRow(user);
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Serviço' });

    // As in the list: '2,50 %' and '0,00 %'.
    expect(field(dialog, 'Taxa adm.')).toHaveValue('2,50 %');
    expect(field(dialog, 'Taxa adm. (não sócio)')).toHaveValue('0,00 %');
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveAttribute('data-state', 'unchanged');

    await user.clear(field(dialog, 'Taxa adm.'));
    await user.type(field(dialog, 'Taxa adm.'), '60');
    await user.tab();
    expect(field(dialog, 'Taxa adm.')).toHaveValue('60,00 %');
    expect(within(dialog).getByText('Valor máximo inválido')).toBeInTheDocument();
    expect(ok).toHaveAttribute('data-state', 'invalid');

    await user.clear(field(dialog, 'Máximo de parcelas'));
    await user.type(field(dialog, 'Máximo de parcelas'), '0');
    await user.tab();
    expect(field(dialog, 'Máximo de parcelas')).toHaveValue('0');
    expect(within(dialog).getByText('Valor mínimo inválido')).toBeInTheDocument();

    await user.clear(field(dialog, 'Idade máxima'));
    await user.type(field(dialog, 'Idade máxima'), '1000');
    await user.tab();
    expect(field(dialog, 'Idade máxima')).toHaveValue('1000');
    expect(within(dialog).getAllByText('Valor máximo inválido')).toHaveLength(2);
    expect(ok).toHaveAttribute('data-state', 'invalid');
  });

  it('the value shows reais from the stored cents and saves integer cents (0,29 is 29)', async () => {
    const { user, api } = setup();
    const row = await serviceRow(user);
    expect(within(row).getByText('R$ 1.234,56')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Serviço' });
    expect(field(dialog, 'Valor')).toHaveValue('R$ 1.234,56');
    await user.clear(field(dialog, 'Valor'));
    await user.type(field(dialog, 'Valor'), '0,29');
    await user.tab();
    expect(field(dialog, 'Valor')).toHaveValue('R$ 0,29');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.callsTo(serviceContracts.updateService)).toHaveLength(1));
    expect(api.callsTo(serviceContracts.updateService)[0]!.body).toMatchObject({ svcId: 7, svcValor: 29 });
  });

  it('the plugin (svcEditPlugin): shown by its pt-BR name, changed and cleared, saved with the service', async () => {
    const { user, api } = setup({ ...service, svcEditPlugin: 'plgHealth' });
    const row = await serviceRow(user);
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Serviço' });
    expect(field(dialog, 'Plugin')).toHaveValue('Plano de saúde');
    await user.click(field(dialog, 'Plugin'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Celular',
      'Seguro de vida',
      'Plano de saúde',
      'CCH',
      'CCH adicional',
    ]);
    await user.click(screen.getByRole('option', { name: 'CCH adicional' }));
    expect(field(dialog, 'Plugin')).toHaveValue('CCH adicional');
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveAttribute('data-state', 'changed');
    await user.click(ok);
    await waitFor(() => expect(api.callsTo(serviceContracts.updateService)).toHaveLength(1));
    expect(api.callsTo(serviceContracts.updateService)[0]!.body).toMatchObject({ svcId: 7, svcEditPlugin: 'plgCCHAdd' });

    // Cleared: none (null).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Serviço' })).not.toBeInTheDocument());
    await user.click(within((await screen.findByText('Titular 19 a 58 anos')).closest('tr')!).getByRole('button', { name: 'Editar' }));
    dialog = await screen.findByRole('dialog', { name: 'Serviço' });
    // The list still reads plgHealth (the mock); choosing the chosen option again leaves none.
    expect(field(dialog, 'Plugin')).toHaveValue('Plano de saúde');
    await user.click(field(dialog, 'Plugin'));
    await user.click(await screen.findByRole('option', { name: 'Plano de saúde' }));
    expect(field(dialog, 'Plugin')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.callsTo(serviceContracts.updateService)).toHaveLength(2));
    expect(api.callsTo(serviceContracts.updateService)[1]!.body).toMatchObject({ svcId: 7, svcEditPlugin: null });
  });

  it('a supplier without CNPJ is valid (optional); a wrong CNPJ is not', async () => {
    const { user, api } = setup();
    await screen.findByLabelText('Fornecedor', { selector: 'input' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Novo fornecedor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fornecedor' });
    expect(field(dialog, 'CNPJ')).not.toBeRequired();
    await user.type(field(dialog, /^Razão social/), 'Cantina da Associação');
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveAttribute('data-state', 'changed');
    await user.type(field(dialog, 'CNPJ'), '11.444.777/0001-62');
    await user.tab();
    expect(within(dialog).getByText('CNPJ Inválido')).toBeInTheDocument();
    expect(ok).toHaveAttribute('data-state', 'invalid');
    await user.clear(field(dialog, 'CNPJ'));
    expect(ok).toHaveAttribute('data-state', 'changed');
    await user.click(ok);
    await waitFor(() => expect(api.callsTo(serviceContracts.addSupplier)).toHaveLength(1));
    expect(api.callsTo(serviceContracts.addSupplier)[0]!.body).toMatchObject({ supName: 'Cantina da Associação', supCnpj: null });
  });
});
