import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleAreas, roleCatalogue, authContracts, menuContracts, accessAdminContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import AcessosPage from '../../pages/AcessosPage';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const ana = {
  userId: 4,
  cpf: '52998224725',
  name: 'Ana Paula Ribeiro',
  email: 'ana@assoc.org.br',
  permId: 2,
  profileName: 'Secretaria',
  extraRoles: ['v2menufinanceiro', 'v2dev'],
  fnAllowExternal: false,
  hasAuthenticator: false,
  active: true,
};

function setup(posted: { body?: unknown } = {}) {
  mockApi([
    mockContract(authContracts.session, { body: sessionFor(['v2access', 'superadmin']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(accessAdminContracts.listUsers, { body: [ana] }),
    mockContract(accessAdminContracts.listProfiles, {
      body: [{ permId: 2, name: 'Secretaria', description: '', roles: ['v2access'], userCount: 1 }],
    }),
    mockContract(accessAdminContracts.addProfile, (request) => {
      posted.body = request.body;
      return { body: { permId: 9, name: 'Financeiro', description: '', roles: ['v2menufinanceiro'], userCount: 0 } };
    }),
  ]);
  return renderWithProviders(<AcessosPage />, {
    path: '/acessos',
    session: sessionFor(['v2access', 'superadmin']),
    modals: true,
    notifications: true,
  });
}

describe('/acessos', { timeout: 45_000 }, () => {
  it('profile roles: grouped by area, searched by description, select-all per area, sent in catalogue order', async () => {
    const posted: { body?: unknown } = {};
    const { user } = setup(posted);
    await user.click(await screen.findByRole('tab', { name: 'Perfis' }));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perfil' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Financeiro');

    // Every area of the catalogue is a group with its own select-all.
    for (const { area } of roleAreas) expect(within(dialog).getByRole('group', { name: area })).toBeInTheDocument();
    const cch = within(dialog).getByRole('group', { name: 'CCH' });
    await user.click(within(cch).getByRole('checkbox', { name: 'Selecionar todos: CCH' }));
    const cchRoles = roleAreas.find((a) => a.area === 'CCH')!.roles;
    for (const role of cchRoles) expect(within(cch).getByRole('checkbox', { name: new RegExp(role) })).toBeChecked();
    await user.click(within(cch).getByRole('checkbox', { name: new RegExp('v2cchdownload') }));
    expect(within(cch).getByRole('checkbox', { name: 'Selecionar todos: CCH' })).not.toBeChecked();
    expect(within(dialog).getByText(`${cchRoles.length - 1} selecionado(s)`)).toBeInTheDocument();
    await user.click(within(cch).getByRole('checkbox', { name: 'Selecionar todos: CCH' }));
    await user.click(within(cch).getByRole('checkbox', { name: 'Selecionar todos: CCH' }));
    expect(within(dialog).getByText('0 selecionado(s)')).toBeInTheDocument();

    // The search keeps only matching roles (and their areas).
    await user.type(within(dialog).getByPlaceholderText('Pesquisar papel'), 'cobranca, fechamento');
    expect(within(dialog).queryByRole('group', { name: 'CCH' })).not.toBeInTheDocument();
    const menus = within(dialog).getByRole('group', { name: 'Menus' });
    const finance = within(menus).getByRole('checkbox', { name: new RegExp(roleCatalogue.v2menufinanceiro.replace(/[()]/g, '.')) });
    await user.click(finance);
    await user.clear(within(dialog).getByPlaceholderText('Pesquisar papel'));
    await user.click(within(within(dialog).getByRole('group', { name: 'Acesso e layout' })).getByRole('checkbox', { name: /v2access/ }));

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(posted.body).toEqual({ name: 'Financeiro', description: '', roles: ['v2access', 'v2menufinanceiro'] }));
  });

  it('users: the CPF formatted in the table and the modal; extra roles counted', async () => {
    const { user } = setup();
    const row = (await screen.findByText('Ana Paula Ribeiro')).closest('tr')!;
    expect(within(row).getByText('529.982.247-25')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(row).getByText('2 papéis')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usuário' });
    const cpf = within(dialog).getByLabelText(/^CPF/) as HTMLInputElement;
    expect(cpf).toHaveValue('529.982.247-25');
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toHaveAttribute('data-state', 'unchanged');
    await user.clear(cpf);
    await user.type(cpf, '11144477735');
    await user.tab();
    expect(cpf).toHaveValue('111.444.777-35');
  });
});
