import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api';
import type { ViewedPerson } from '../types';

export const searchHistoryKey = ['searchhistory'] as const;

/** GET searchhistory: the people this user opened, newest first. */
export function useSearchHistory() {
  return useQuery({
    queryKey: searchHistoryKey,
    queryFn: ({ signal }) => api.get<ViewedPerson[]>('searchhistory', { signal }),
  });
}

/**
 * GET searchhistory/{cstId}: records that the user opened this member and answers the updated
 * history, which also refreshes the dashboard's list. Runs each time the member screen opens.
 */
export function useRecordMemberView(cstId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['searchhistory', 'view', cstId],
    queryFn: async ({ signal }) => {
      const history = await api.get<ViewedPerson[]>(`searchhistory/${cstId}`, { signal });
      queryClient.setQueryData(searchHistoryKey, history);
      return history;
    },
    staleTime: 0,
    gcTime: 0,
  });
}
