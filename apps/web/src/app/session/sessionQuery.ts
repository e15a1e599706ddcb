import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { authContracts, type SessionInfo } from '@assoc/domain';
import { isUnauthorized, notifyUnauthorized, rememberXsrfToken } from '../api';
import { callApi, queryKeyOf } from '../client';

export const sessionKey = queryKeyOf(authContracts.session);

/**
 * GET session: who is signed in, or null when nobody is. Nobody on the first probe simply means
 * "not signed in"; nobody (or a 401) after the user was signed in is a lost session.
 */
export const sessionQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<SessionInfo | null> => {
      try {
        const session = await callApi(authContracts.session, {}, { signal, skipSessionLost: true });
        if (!session) {
          if (queryClient.getQueryData(sessionKey)) notifyUnauthorized();
          return null;
        }
        rememberXsrfToken(session.xsrfToken);
        return session;
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        if (queryClient.getQueryData(sessionKey)) notifyUnauthorized();
        return null;
      }
    },
    staleTime: 5 * 60_000,
  });
