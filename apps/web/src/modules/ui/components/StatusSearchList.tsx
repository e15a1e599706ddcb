import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { PagedList } from './PagedTable';

/** What the server answers for one page of a status list searched by name or CPF (/cch, /devolucao). */
export interface StatusPage<Row> {
  items: Row[];
  total: number;
}

/** The query of one page: the search (only when typed) and the page. */
export interface StatusPageQuery {
  q?: string;
  page: number;
  pageSize: number;
}

interface StatusSearchListOptions<Status extends number, Reply extends StatusPage<unknown>> {
  initialStatus: Status;
  pageSize: number;
  /** The query key of one status and query; with no arguments, the key of every page (what a save invalidates). */
  queryKey: (status?: Status, query?: StatusPageQuery) => QueryKey;
  fetchPage: (status: Status, query: StatusPageQuery, signal: AbortSignal) => Promise<Reply>;
}

/**
 * The state of a list of one status searched by name or CPF and paged by the server (beyond the spec: a year holds
 * thousands of rows): the status, the typed search (debounced), the page (back to 1 when either changes), the page's
 * query and `refresh` after a write. A failed page is silent (spec 2 §8: the spinner stops).
 */
export function useStatusSearchList<Status extends number, Reply extends StatusPage<unknown>>(options: StatusSearchListOptions<Status, Reply>) {
  const { initialStatus, pageSize, queryKey, fetchPage } = options;
  const queryClient = useQueryClient();
  const [status, setStatusState] = useState<Status>(initialStatus);
  const [search, setSearchState] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const query: StatusPageQuery = { ...(q ? { q } : {}), page, pageSize };
  const list = useQuery({
    queryKey: queryKey(status, query),
    queryFn: ({ signal }) => fetchPage(status, query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const paged: PagedList<Reply['items'][number]> = {
    items: (list.data?.items ?? []) as Reply['items'],
    total: list.data?.total ?? 0,
    page,
    loading: list.isFetching,
    error: '',
    setPage,
  };
  return {
    status,
    setStatus: (next: Status) => {
      setStatusState(next);
      setPage(1);
    },
    search,
    setSearch: (next: string) => {
      setSearchState(next);
      setPage(1);
    },
    /** The debounced search the current page was asked with ('' when none). */
    q,
    data: list.data,
    paged,
    refresh: () => queryClient.invalidateQueries({ queryKey: queryKey() }),
  };
}

interface StatusSearchBarProps<Status extends number> {
  statusLabel: string;
  statusOptions: { value: string; label: string }[];
  searchLabel: string;
  list: { status: Status; setStatus: (status: Status) => void; search: string; setSearch: (search: string) => void };
  /** The screen's own buttons after the two fields (Nova Devolução, Exportar Excel). */
  children?: ReactNode;
}

/** The toolbar of such a list: the status filter and the search box, then the screen's buttons. */
export function StatusSearchBar<Status extends number>({ statusLabel, statusOptions, searchLabel, list, children }: StatusSearchBarProps<Status>) {
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={statusLabel}
        data={statusOptions}
        value={String(list.status)}
        allowDeselect={false}
        onChange={(value) => {
          if (value !== null) list.setStatus(Number(value) as Status);
        }}
        w={200}
      />
      <TextInput
        label={searchLabel}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={list.search}
        maxLength={80}
        onChange={(event) => list.setSearch(event.currentTarget.value)}
        w={320}
      />
      {children}
    </Group>
  );
}
