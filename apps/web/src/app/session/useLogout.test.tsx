import { authContracts } from '@assoc/domain';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor, staffRoles } from '../../test/fixtures';
import { renderHookWithProviders } from '../../test/renderWithProviders';
import { useLogout } from './useLogout';

describe('useLogout (Sair)', () => {
  it('calls GET logout, forgets every cached answer and goes to /login', async () => {
    const api = mockApi([mockContract(authContracts.logout, { body: { status: 200 } })]);
    const { result, queryClient, location } = renderHookWithProviders(() => useLogout(), { session: sessionFor(staffRoles), path: '/feriados' });
    queryClient.setQueryData(['tree'], []);
    expect(location().pathname).toBe('/feriados');

    await act(() => result.current());

    expect(api.callsTo(authContracts.logout)).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('still signs out locally when the server cannot be reached', async () => {
    const api = mockApi([mockContract(authContracts.logout, { status: 503, body: { message: 'Serviço indisponível' } })]);
    const { result, queryClient, location } = renderHookWithProviders(() => useLogout(), { session: sessionFor(staffRoles) });

    await act(() => result.current());

    expect(api.callsTo(authContracts.logout)).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });
});
