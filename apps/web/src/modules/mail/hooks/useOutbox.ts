import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxPage, OutboxStatus } from '@assoc/domain';
import { api } from '../../../app/api';
import { pagedListOf } from '../../ui/components/PagedTable';

export const OUTBOX_PAGE_SIZE = 25;

/** The outbox list (GET outbox): newest first, a status filter, pages of 25. */
export function useOutbox() {
  const [status, setStatus] = useState<OutboxStatus | null>(null);
  const [page, setPage] = useState(1);

  const query = useQuery({
    queryKey: ['outbox', status, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(OUTBOX_PAGE_SIZE) });
      if (status) params.set('status', status);
      return api.get<OutboxPage>(`outbox?${params}`, { signal });
    },
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
