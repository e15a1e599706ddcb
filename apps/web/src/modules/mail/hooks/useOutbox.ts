import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mailContracts, type OutboxStatus } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { pagedListOf } from '../../ui/components/PagedTable';

export const OUTBOX_PAGE_SIZE = 25;

/** The outbox list (GET outbox): newest first, a status filter, pages of 25. */
export function useOutbox() {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [page, setPage] = useState(1);

  const input = { query: { page, pageSize: OUTBOX_PAGE_SIZE, status: status ?? undefined } };
  const query = useQuery({
    queryKey: queryKeyOf(mailContracts.outbox, input),
    queryFn: ({ signal }) => callApi(mailContracts.outbox, input, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });

  return {
    ...pagedListOf(query, page, setPage),
    status,
    setStatus: (value: OutboxStatus | null) => {
      setStatus(value);
      setPage(1);
    },
  };
}
