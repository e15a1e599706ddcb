import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { terminalContracts, type TerminalResult } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';

export const TERMINAL_HISTORY_SIZE = 50;

/** The terminal's calls: run a query, the caller's history (newest 50), the readable schema for the completion. */
export function useTerminal() {
  const client = useQueryClient();
  const [result, setResult] = useState<TerminalResult | null>(null);
  const [error, setError] = useState('');
  const historyQuery = { page: 1, pageSize: TERMINAL_HISTORY_SIZE };
  const history = useQuery({
    queryKey: queryKeyOf(terminalContracts.history, { query: historyQuery }),
    queryFn: ({ signal }) => callApi(terminalContracts.history, { query: historyQuery }, { signal }),
  });
  const schema = useQuery({
    queryKey: queryKeyOf(terminalContracts.schema),
    queryFn: ({ signal }) => callApi(terminalContracts.schema, {}, { signal }),
    staleTime: Infinity,
  });
  const run = useMutation({
    mutationFn: (sql: string) => callApi(terminalContracts.run, { body: { sql } }),
    onMutate: () => setError(''),
    onSuccess: (reply) => setResult(reply),
    onError: (err) => {
      setResult(null);
      setError(err.message);
    },
    // Run or refused, the query is in the history now.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeyOf(terminalContracts.history) }),
  });
  return {
    result,
    error,
    running: run.isPending,
    run: (sql: string) => {
      if (!run.isPending && sql.trim()) run.mutate(sql);
    },
    history: history.data?.items ?? [],
    historyError: history.error?.message ?? '',
    tables: schema.data?.tables ?? [],
  };
}
