import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { authContracts } from '@assoc/domain';
import { callApi } from '../client';

/** Sair: ends the server session, forgets every cached answer and goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await callApi(authContracts.logout, {}, { skipSessionLost: true });
    } catch {
      // Signing out locally still makes sense when the server is unreachable.
    }
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
