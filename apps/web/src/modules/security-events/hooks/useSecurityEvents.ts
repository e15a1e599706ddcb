import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { securityEventMessages, securityEventsContracts, type SecurityEventKind, type SecurityEventsQuery } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
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

  const filter: SecurityEventsQuery = {
    page,
    pageSize: SECURITY_EVENTS_PAGE_SIZE,
    user: user || undefined,
    kind: filters.kind ?? undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const query = useQuery({
    queryKey: queryKeyOf(securityEventsContracts.list, { query: filter }),
    enabled: !rangeError,
    queryFn: ({ signal }) => callApi(securityEventsContracts.list, { query: filter }, { signal }),
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
