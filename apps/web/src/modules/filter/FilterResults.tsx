import { ActionIcon, Alert } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { filterColumn, filterMessages, formatFilterCell, type FilterRow, type FilterSort } from '@assoc/domain';
import { AppDataTable } from '../ui/components/ScrollTable';
import { filterTexts as t } from './texts';

export interface FilterResultsProps {
  columns: string[];
  rows: FilterRow[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  sort: FilterSort | undefined;
  onPage: (page: number) => void;
  onSort: (sort: FilterSort) => void;
  onOpen: (row: FilterRow) => void;
}

/** The result table: the chosen columns in order, sorted and paged by the server; a row opens its member. */
export function FilterResults({ columns, rows, total, page, pageSize, loading, sort, onPage, onSort, onOpen }: FilterResultsProps) {
  if (columns.length === 0)
    return (
      <Alert color="gray" variant="light">
        {filterMessages.noColumns}
      </Alert>
    );
  const sortStatus: DataTableSortStatus<FilterRow> = { columnAccessor: sort?.column ?? 'nome', direction: sort?.direction ?? 'asc' };
  return (
    <AppDataTable<FilterRow>
      label={t.results}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={180}
      records={rows}
      idAccessor="cstId"
      fetching={loading}
      noRecordsText="Nenhuma pessoa encontrada"
      totalRecords={total}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPage}
      paginationText={({ from, to, totalRecords }) => `${from}-${to} de ${totalRecords}`}
      sortStatus={sortStatus}
      onSortStatusChange={(s) => onSort({ column: String(s.columnAccessor), direction: s.direction })}
      onRowClick={({ record }) => onOpen(record)}
      columns={[
        ...columns.map((key) => {
          const column = filterColumn(key)!;
          return {
            accessor: key,
            title: column.label,
            sortable: true,
            textAlign: column.kind === 'money' || column.kind === 'number' ? ('right' as const) : ('left' as const),
            render: (row: FilterRow) => formatFilterCell(column, row.cells[key]),
          };
        }),
        {
          accessor: 'actions',
          title: '',
          width: 48,
          render: (row: FilterRow) => (
            <ActionIcon
              variant="subtle"
              aria-label={t.openMember}
              title={t.openMember}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(row);
              }}
            >
              <IconUserSearch size={16} />
            </ActionIcon>
          ),
        },
      ]}
    />
  );
}
