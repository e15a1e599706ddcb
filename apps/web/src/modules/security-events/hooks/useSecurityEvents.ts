import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { securityEventMessages, type SecurityEventKind, type SecurityEventsPage } from '@assoc/domain';
import { api } from '../../../app/api';
import { pagedListOf } from '../../ui/components/PagedTable';

export const SECURITY_EVENTS_PAGE_SIZE = 25;

export interface SecurityEventFilters {
  user: string;
  kind: SecurityEventKind | null;
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

const EMPTY: SecurityEventFilters = { user: '', kind: null, from: '', to: '' };

/** GET security-events (issue 8 §10): newest first, filters by person, kind and days, pages of 25. */
export function useSecurityEvents() {
  const [filters, setFilters] = useState<SecurityEventFilters>(EMPTY);
  const [page, setPage] = useState(1);
  // Typing a name asks the server once the user pauses.
  const [user] = useDebouncedValue(filters.user.trim(), 300);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? securityEventMessages.badRange : '';

  const query = useQuery({
    queryKey: ['security-events', user, filters.kind, filters.from, filters.to, page],
    enabled: !rangeError,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), pageSize: String(SECURITY_EVENTS_PAGE_SIZE) });
      if (user) params.set('user', user);
      if (filters.kind) params.set('kind', filters.kind);
      if (filters.from) params.set('from', filters.from);
      if (filters.to) params.set('to', filters.to);
      return api.get<SecurityEventsPage>(`security-events?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

  return {
    ...pagedListOf(query, page, setPage),
    rangeError,
    filters,
    setFilter: <K extends keyof SecurityEventFilters>(key: K, value: SecurityEventFilters[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
    clear: () => {
      setFilters(EMPTY);
      setPage(1);
    },
  };
}
