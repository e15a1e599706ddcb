import { authContracts, menuContracts, searchContracts, dashboardContracts, jobsContracts, connectionsContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { sampleTree, sessionFor, staffRoles } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

function setup(roles: string[], tree = sampleTree, sessionOverrides = {}) {
  // Like the server: after GET logout there is no session any more (so /login stays on the sign-in form
  // instead of sending a still signed-in user back to '/').
  let signedOut = false;
  const api = mockApi([
    mockContract(authContracts.session, () =>
      signedOut
        ? { status: 401, body: { message: 'Sessão expirada, faça um novo login para continuar' } }
        : { body: sessionFor(roles, sessionOverrides) },
    ),
    mockContract(menuContracts.tree, { body: tree }),
    mockContract(searchContracts.history, { body: [] }),
    mockContract(dashboardContracts.birthdays, { body: [] }),
    mockContract(dashboardContracts.cards, { body: [] }),
    mockContract(authContracts.logout, () => {
      signedOut = true;
      return { body: { status: 200 } };
    }),
    mockContract(jobsContracts.list, { body: [] }),
    mockContract(connectionsContracts.connected, {
      body: [{ cstId: null, username: '11144477735', name: 'Ana Superadmin', connectionId: 'abc123' }],
    }),
    mockContract(
      jobsContracts.sendWithData,
      { status: 501, body: { message: 'Tarefa ainda não disponível: Enviar extrato mensal por e-mail' } },
      { params: { jobCommand: 'extrato-email', userData: 0 } },
    ),
  ]);
  return { api, ...renderApp('/') };
}

describe('side menu', () => {
  it('renders exactly what GET tree returned, with collapsible groups', async () => {
    const { user } = setup([...staffRoles, 'v2atd']);
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });

    await within(nav).findByRole('link', { name: 'Painel' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Painel']);
    expect(within(nav).queryByText('Financeiro')).not.toBeInTheDocument();
    // A collapsed group's entries are not shown: Mantine keeps them in a hidden React Activity, which React may
    // pre-render (display: none) at idle time, so the check is on what the user can reach, not on the DOM.
    expect(within(nav).queryByRole('link', { name: 'Acompanhamento' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Atendimento' }));
    expect(within(nav).getByRole('link', { name: 'Acompanhamento' })).toHaveAttribute('href', '/acompanhamento');
    expect(within(nav).getByRole('button', { name: 'Enviar extrato mensal por e-mail' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Mudança de faixa etária' })).toBeInTheDocument();
  });

  it('asks the job question before starting a job, then shows the server refusal (501 not available yet)', async () => {
    const { user, api } = setup([...staffRoles, 'v2atd']);
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(await within(nav).findByRole('button', { name: 'Atendimento' }));
    // A job link is a lazy chunk: disabled until its code has loaded.
    const link = () => within(nav).getByRole('button', { name: 'Enviar extrato mensal por e-mail' });
    await waitFor(() => expect(link()).not.toHaveAttribute('data-disabled'));
    await user.click(link());

    const dialog = await screen.findByRole('dialog', { name: 'Enviar extrato mensal por e-mail' });
    expect(dialog).toHaveTextContent('Deseja enviar o extrato mensal por e-mail a todos os associados?');
    await user.click(within(dialog).getByRole('button', { name: 'SIM' }));

    const notice = await screen.findByRole('alert');
    // The spec's send-failure toast, with the server's reason beneath its title.
    expect(within(notice).getByText('Erro para enviar solicitação')).toBeInTheDocument();
    expect(within(notice).getByText('Tarefa ainda não disponível: Enviar extrato mensal por e-mail')).toBeInTheDocument();
    // Bottom right: clear of the top bar's bell and user menu and of a registry's toolbar (issue 9, defect 9).
    expect(notice.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
    expect(api.callsTo(jobsContracts.sendWithData, { jobCommand: 'extrato-email', userData: 0 })).toHaveLength(1);
  });

  it('opens url entries in a 642x930 popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = setup([...staffRoles, 'v2atd']);
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(await within(nav).findByRole('button', { name: 'Atendimento' }));
    await user.click(within(nav).getByRole('button', { name: 'Mudança de faixa etária' }));
    expect(open).toHaveBeenCalledWith('/mudancafaixa', '_blank', 'width=642,height=930');
  });
});

describe('top bar', () => {
  it('starts with the skip link, which moves the focus to the content (WCAG 2.4.1)', async () => {
    const { user } = setup(staffRoles);
    await screen.findByRole('heading', { level: 1, name: 'Painel' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'conteudo');
  });

  it('names the brand link by its visible text', async () => {
    setup(staffRoles);
    expect(await screen.findByRole('link', { name: 'ASSOC' })).toHaveAttribute('href', '/');
  });

  // Issue 22 item 18: axe 4.14's label-content-name-mismatch (serious) on "Menu do usuário Ana Superadmin", which left
  // out the initials the button shows.
  it('names the user menu button by what it shows, initials included, then what it is', async () => {
    setup(staffRoles);
    const button = await screen.findByRole('button', { name: /Menu do usuário$/ });
    expect(within(button).getByText('AS')).toBeInTheDocument();
    expect(button).toHaveAccessibleName('AS Ana Superadmin Menu do usuário');
  });

  // Issue 22 item 22: without the search (the portal) the bar has room: the name is whole at every width.
  it('shows the whole name on the portal, at every width, and cuts it only beside the search', async () => {
    setup(['v2portal']);
    const portalName = within(await screen.findByRole('button', { name: /Menu do usuário$/ })).getByText('Ana Superadmin');
    expect(portalName).not.toHaveAttribute('data-truncate');
    expect(portalName.className).not.toMatch(/visible-from/);
  });

  it('shows search, connected users and notifications only with their roles', async () => {
    setup(['v2menuusuario', 'v2menuprocesso']);
    await screen.findByRole('button', { name: /Menu do usuário/ });
    expect(screen.queryByRole('textbox', { name: 'Pesquisar associado' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usuários conectados' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notificações' })).not.toBeInTheDocument();
  });

  it('opens the connected-users and notifications dialogs', async () => {
    const { user } = setup([...staffRoles, 'admin']);
    await user.click(await screen.findByRole('button', { name: 'Usuários conectados' }));
    // The dialog is its own chunk, mounted when opened: its list arrives after it.
    const connected = await screen.findByRole('dialog', { name: 'Usuários conectados' });
    await waitFor(() => expect(connected).toHaveTextContent('Ana Superadmin'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Notificações' }));
    expect(await screen.findByRole('dialog', { name: 'Notificações' })).toHaveTextContent('Nenhuma notificação encontrada');
  });

  it('user menu: Ferramentas opens the tools dialog, Sair signs out and goes to /login', async () => {
    const { user, api, router } = setup(staffRoles);
    await user.click(await screen.findByRole('button', { name: 'AS Ana Superadmin Menu do usuário' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ferramentas' }));
    const tools = await screen.findByRole('dialog', { name: 'Ferramentas' });
    expect(within(tools).getByRole('tab', { name: 'Acesso externo' })).toBeInTheDocument();
    expect(within(tools).getByRole('button', { name: 'Gerar Código' })).toBeInTheDocument();
    await user.click(within(tools).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'AS Ana Superadmin Menu do usuário' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo(authContracts.logout)).toHaveLength(1);
  });

  it('gives a portal member no side menu nor its burger: the portal is their only screen', async () => {
    setup(['v2portal']);
    await screen.findByRole('button', { name: /Menu do usuário/ });
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).not.toBeInTheDocument();
  });

  it('hides Ferramentas and Baixar tutorial without v2menuusuario or v2access', async () => {
    const { user } = setup(['v2portal']);
    await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ferramentas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Baixar tutorial' })).not.toBeInTheDocument();
  });

  it.each([
    [1, 'DESENV'],
    [2, 'HOMOLOGA'],
    [3, 'LOCAL TEST'],
  ])('shows the environment banner for mode %i (%s)', async (envMode, label) => {
    setup(staffRoles, sampleTree, { envMode });
    expect(await screen.findByRole('status', { name: `Ambiente ${label}` })).toHaveTextContent(label);
  });

  it('shows no environment banner in production (mode 0)', async () => {
    setup(staffRoles, sampleTree, { envMode: 0 });
    await screen.findByRole('button', { name: /Menu do usuário/ });
    expect(screen.queryByRole('status', { name: /^Ambiente/ })).not.toBeInTheDocument();
  });
});
