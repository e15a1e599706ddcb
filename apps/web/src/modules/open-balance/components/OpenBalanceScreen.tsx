import { useMemo, useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import {
  formatCents,
  formatNumeroInterno,
  openBalanceChannels,
  openBalanceContracts,
  openBalanceMessages,
  sumCents,
  type OpenBalanceRow,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useCurrentSession } from '../../../app/session/SessionContext';
import { useBlobDownload } from '../../ui/hooks/useBlobDownload';
import { sortOpenBalance, type OpenBalanceSortKey } from '../open-balance.sort';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { AppDataTable } from '../../ui/components/ScrollTable';

/** Rows rendered at first and added each time the list is scrolled to its end: 30,000 rows never reach the DOM at once. */
export const OPEN_BALANCE_WINDOW = 100;

// The footer's sum may wrap after "Total:", never inside the value ("R$" wrapped above its digits in the narrow column);
// the record count never wraps ("Registros: 30.000" broke after the colon in its 130 px column).
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * /saldoaberto (spec 2 §2.8): the channel dropdown (spec 2 §9), then the read-only list of the holders who owe in that
 * channel, sortable by Num. Interno, Local, Agência/Conta and Saldo; the footer shows the record count and the sum of
 * Saldo of the whole list, not only of the rows rendered. A failed load stops the loader with no message (spec 2 §8).
 * Beyond the spec: the same list as XLSX.
 */
export function OpenBalanceScreen() {
  const session = useCurrentSession();
  const channels = useMemo(
    () => openBalanceChannels(session.associationShortName).map((c) => ({ value: String(c.value), label: c.label })),
    [session.associationShortName],
  );
  const [channel, setChannel] = useState<string | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<OpenBalanceRow>>({ columnAccessor: 'custNumeroInterno', direction: 'asc' });
  const [shown, setShown] = useState(OPEN_BALANCE_WINDOW);
  const { download, downloading } = useBlobDownload();

  const params = { channelId: Number(channel ?? 0) };
  const { data, isFetching } = useQuery({
    queryKey: queryKeyOf(openBalanceContracts.list, { params }),
    queryFn: ({ signal }) => callApi(openBalanceContracts.list, { params }, { signal }),
    enabled: channel !== null,
    retry: false,
  });
  const rows = data ?? [];
  const sorted = useMemo(
    () => sortOpenBalance(data ?? [], sortStatus.columnAccessor as OpenBalanceSortKey, sortStatus.direction),
    [data, sortStatus],
  );
  const total = useMemo(() => sumCents((data ?? []).map((r) => r.saldo)), [data]);
  const label = channels.find((c) => c.value === channel)?.label ?? '';

  const choose = (next: string | null) => {
    if (next === null) return;
    setChannel(next);
    setShown(OPEN_BALANCE_WINDOW);
  };
  const sort = (next: DataTableSortStatus<OpenBalanceRow>) => {
    // Another column starts ascending (the table would keep the previous column's direction).
    setSortStatus(next.columnAccessor === sortStatus.columnAccessor ? next : { ...next, direction: 'asc' });
    setShown(OPEN_BALANCE_WINDOW);
  };
  const exportXlsx = () =>
    void download(
      () => callApi(openBalanceContracts.xlsx, { params }),
      `saldo-em-aberto-${label.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.xlsx`,
      openBalanceMessages.exportButton,
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label={openBalanceMessages.channelLabel}
          placeholder="Selecione..."
          w={260}
          searchable={false}
          allowDeselect={false}
          data={channels}
          value={channel}
          onChange={choose}
        />
        {isFetching ? <BusyIndicator /> : null}
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} />}
          disabled={channel === null || rows.length === 0 || isFetching}
          loading={downloading}
          onClick={exportXlsx}
        >
          {openBalanceMessages.exportButton}
        </Button>
      </Group>
      <AppDataTable<OpenBalanceRow>
        aria-label="Saldo em aberto"
        label="Saldo em aberto"
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        height={560}
        idAccessor="emID"
        records={sorted.slice(0, shown)}
        fetching={isFetching}
        noRecordsText={isFetching || channel === null ? '' : 'Nenhum registro encontrado'}
        sortStatus={sortStatus}
        onSortStatusChange={sort}
        onScrollToBottom={() => setShown((n) => (n < sorted.length ? n + OPEN_BALANCE_WINDOW : n))}
        columns={[
          {
            accessor: 'custNumeroInterno',
            title: 'Num. Interno',
            sortable: true,
            width: 130,
            render: (r) => formatNumeroInterno(r.custNumeroInterno),
            footer: (
              <Text size="sm" fw={700} style={nowrap}>
                {`${openBalanceMessages.records}: ${rows.length.toLocaleString('pt-BR')}`}
              </Text>
            ),
          },
          { accessor: 'custName', title: 'Nome' },
          { accessor: 'bnkName', title: 'Local', sortable: true },
          // An account number stays on one line (it broke at its hyphens: "0163-5/45686177-" above "7").
          { accessor: 'account', title: 'Agência/Conta', sortable: true, render: (r) => <span style={nowrap}>{r.account}</span> },
          {
            accessor: 'saldo',
            title: 'Saldo',
            sortable: true,
            textAlign: 'right',
            width: 160,
            render: (r) => formatCents(r.saldo),
            footer: (
              <Text size="sm" fw={700}>
                {`${openBalanceMessages.total}: `}
                <span style={nowrap}>{formatCents(total)}</span>
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
