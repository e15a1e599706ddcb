import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from './ScrollTable';

/** What a server-paged list hook gives the table: one page of rows, the total and the fetch state. */
export interface PagedList<T> {
  items: T[];
  total: number;
  page: number;
  loading: boolean;
  error: string;
  setPage: (page: number) => void;
}

/** The PagedList of a query answering one page ({ items, total }), plus a refresh for the toolbar's Atualizar. */
export function pagedListOf<T>(query: UseQueryResult<{ items: T[]; total: number }, Error>, page: number, setPage: (page: number) => void) {
  return {
    items: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    page,
    loading: query.isFetching,
    error: query.error?.message ?? '',
    setPage,
    refresh: () => void query.refetch(),
  };
}

interface PagedTableProps<T> {
  list: PagedList<T>;
  pageSize: number;
  idAccessor: keyof T & string;
  noRecordsText: string;
  columns: DataTableColumn<T>[];
  /** Keeps the first and the last column (the row's name and its actions) on screen while a wide table scrolls sideways. */
  pinEnds?: boolean;
  /** Names the scroll area, a Tab stop while the table is wider than the screen (see useScrollFocus). */
  label?: string;
}

/** A list paged by the server (outbox, security events): the load error above, then the table with pt-BR paging. */
export function PagedTable<T>({ list, pageSize, idAccessor, noRecordsText, columns, pinEnds = false, label }: PagedTableProps<T>) {
  return (
    <>
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error}
        </Alert>
      )}
      <AppDataTable<T>
        label={label}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={180}
        records={list.items}
        idAccessor={idAccessor}
        fetching={list.loading}
        noRecordsText={noRecordsText}
        totalRecords={list.total}
        recordsPerPage={pageSize}
        page={list.page}
        onPageChange={list.setPage}
        paginationText={({ from, to, totalRecords }) => `${from}-${to} de ${totalRecords}`}
        columns={columns}
        pinFirstColumn={pinEnds}
        pinLastColumn={pinEnds}
      />
    </>
  );
}
