import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

export const searchHistoryKey = queryKeyOf(searchContracts.history);

/** GET searchhistory: the people this user opened, newest first (the hook's query, also started by app/prefetch.ts). */
export const searchHistoryQuery = () =>
  queryOptions({
    queryKey: searchHistoryKey,
    queryFn: ({ signal }) => callApi(searchContracts.history, {}, { signal }),
  });

export function useSearchHistory() {
  return useQuery(searchHistoryQuery());
}

/**
 * GET searchhistory/{cstId}: records that the user opened this member and answers the updated
 * history, which also refreshes the dashboard's list. Runs each time the member screen opens.
 */
export function useRecordMemberView(cstId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeyOf(searchContracts.recordView, { params: { cstId } }),
    queryFn: async ({ signal }) => {
      const history = await callApi(searchContracts.recordView, { params: { cstId } }, { signal });
      queryClient.setQueryData(searchHistoryKey, history);
      return history;
    },
    staleTime: 0,
    gcTime: 0,
  });
}
