import { authContracts, bankFilesContracts, menuContracts, searchContracts, dashboardContracts, marketingContracts } from '@assoc/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { sessionFor, staffRoles } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

function signedInAs(roles: string[]) {
  return mockApi([
    mockContract(authContracts.session, { body: sessionFor(roles) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(searchContracts.history, { body: [] }),
    mockContract(dashboardContracts.birthdays, { body: [] }),
    mockContract(dashboardContracts.cards, { body: [] }),
    mockContract(bankFilesContracts.remittances, { body: [] }),
    mockContract(marketingContracts.options, { body: { filters: [], templates: { email: [], sms: [], whatsapp: [] } } }),
    mockContract(marketingContracts.list, { body: [] }),
  ]);
}

describe('route guard and home', () => {
  it('shows "Acesso negado" on a screen whose role the user lacks', async () => {
    signedInAs(staffRoles);
    renderApp('/feriados');
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Feriados' })).not.toBeInTheDocument();
  });

  it('opens the built Marketing screen (no longer "Em construção"; the last one) with the role', async () => {
    signedInAs([...staffRoles, 'v2menufiltro']);
    renderApp('/marketing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma campanha enviada')).toBeInTheDocument();
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('opens the built Devolução screen (no longer "Em construção") with v2dev', async () => {
    signedInAs([...staffRoles, 'v2dev']);
    renderApp('/devolucao');
    expect(await screen.findByRole('heading', { level: 1, name: 'Devolução' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('opens the built Remessas screen (no longer "Em construção") with the role', async () => {
    signedInAs([...staffRoles, 'v2menufinanceiro']);
    renderApp('/financeiro/remessa');
    expect(await screen.findByRole('heading', { name: 'Remessas' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma remessa gerada.')).toBeInTheDocument();
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('opens the built CCH screens (no longer "Em construção") with their roles', async () => {
    signedInAs([...staffRoles, 'v2menucch']);
    const list = renderApp('/cch');
    expect(await screen.findByRole('heading', { level: 1, name: 'CCH' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
    list.unmount();
    signedInAs([...staffRoles, 'v2cchaumento']);
    renderApp('/cchaumento');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aumento de CCH' })).toBeInTheDocument();
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('answers unknown paths with "Página não encontrada"', async () => {
    signedInAs(staffRoles);
    renderApp('/nao-existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
  });

  it('home for a portal member is the portal, its tabs and no staff screen (spec 3 §2.1)', async () => {
    signedInAs(['v2portal']);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Portal do associado' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Cadastro',
      'Dependentes',
      'Extratos',
      'I.R.',
      'Cobranças',
      'Segurança',
    ]);
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('home for the CCH-only user is the CCH list (spec 1 §2), no longer "Em construção"', async () => {
    signedInAs(['v2menucch', 'v2menuusuario']);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'CCH' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
  });

  it('home for the process-only user is the digital-process screen', async () => {
    signedInAs(['v2menuprocesso', 'v2menuusuario', 'v2menucad', 'v2menucadterceiro']);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Processo Digital' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Pastas' })).toBeInTheDocument();
  });

  it('lets the process-only user open /terceiros but not /processo', async () => {
    signedInAs(['v2menuprocesso', 'v2menuusuario', 'v2menucad', 'v2menucadterceiro']);
    renderApp('/terceiros');
    expect(await screen.findByRole('heading', { name: 'Terceiros' })).toBeInTheDocument();
  });

  it('/novoassociado (no state) is the new-member screen', async () => {
    signedInAs([...staffRoles, 'v2menunovoassociado']);
    renderApp('/novoassociado');
    expect(await screen.findByRole('heading', { name: 'NOVO ASSOCIADO' })).toBeInTheDocument();
  });

  it('/reset needs a 32-character code, otherwise goes to /', async () => {
    mockApi([mockContract(authContracts.session, { status: 401, body: { message: 'x' } })]);
    const withCode = renderApp(`/reset?q=${'a'.repeat(32)}`);
    expect(await screen.findByRole('heading', { name: 'Redefinir senha' })).toBeInTheDocument();
    withCode.unmount();

    const { router } = renderApp('/reset?q=curto');
    // '/' is private: without a session it ends on the sign-in form.
    expect(await screen.findByRole('button', { name: 'ENTRAR' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
