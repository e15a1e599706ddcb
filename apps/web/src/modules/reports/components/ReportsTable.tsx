import { useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTimeShort, reportContracts, type ReportItem } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { AppDataTable } from '../../ui/components/ScrollTable';
import { ReportDialog } from './ReportDialog';

/** The report templates by name (decision 15); a name opens the "Relatório" dialog. */
export function ReportsTable() {
  const list = useQuery({ queryKey: queryKeyOf(reportContracts.list), queryFn: () => callApi(reportContracts.list) });
  const [open, setOpen] = useState<ReportItem | null>(null);
  return (
    <>
      {list.error && (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      )}
      <AppDataTable<ReportItem>
        label="Relatórios"
        withTableBorder
        borderRadius="md"
        striped
        minHeight={180}
        records={list.data ?? []}
        idAccessor="name"
        fetching={list.isFetching}
        noRecordsText="Nenhum relatório"
        columns={[
          {
            accessor: 'name',
            title: 'Nome',
            render: (r) => (
              <Anchor component="button" type="button" size="sm" onClick={() => setOpen(r)}>
                {r.name}
              </Anchor>
            ),
          },
          { accessor: 'description', title: 'Descrição' },
          {
            accessor: 'updatedAt',
            title: 'Última alteração',
            render: (r) => `${r.updatedByName ?? 'Sistema'} em ${formatDateTimeShort(r.updatedAt)}`,
          },
        ]}
      />
      {open && <ReportDialog report={open} onClose={() => setOpen(null)} />}
    </>
  );
}
