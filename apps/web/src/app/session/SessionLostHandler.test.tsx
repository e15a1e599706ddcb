import { authContracts, menuContracts, searchContracts, dashboardContracts } from '@assoc/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor, staffRoles } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { menuTreeKey } from '../../modules/menu/hooks/useMenuTree';

const SESSION_LOST = 'Sessão expirada, faça um novo login para continuar';
const expired = { status: 401, body: { message: SESSION_LOST } };

describe('session lost', () => {
  it('shows one popup when queries answer 401 and its OK leads to /login with the caches cleared', async () => {
    let sessionAlive = true;
    const api = mockApi([
      mockContract(authContracts.session, () => (sessionAlive ? { body: sessionFor(staffRoles) } : expired)),
      mockContract(menuContracts.tree, () => {
        sessionAlive = false;
        return expired;
      }),
      mockContract(searchContracts.history, () => expired),
      mockContract(dashboardContracts.birthdays, () => expired),
    ]);
    const { user, router, queryClient } = renderApp('/');

    const dialog = await screen.findByRole('dialog', { name: 'Sessão expirada' });
    expect(dialog).toHaveTextContent(SESSION_LOST);
    // Three loaders failed with 401, yet only one popup opened.
    await waitFor(() => expect(api.callsTo(dashboardContracts.birthdays).length + api.callsTo(searchContracts.history).length).toBe(2));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Loaders leave the 401 to the popup: no error text of their own.
    expect(screen.getAllByText(SESSION_LOST)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(await screen.findByRole('button', { name: 'ENTRAR' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(menuTreeKey)).toBeUndefined();
  });

  it('does not call a first visit without a session "expired": it just opens the sign-in form', async () => {
    mockApi([mockContract(authContracts.session, expired)]);
    const { router } = renderApp('/processo');

    expect(await screen.findByRole('button', { name: 'ENTRAR' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
