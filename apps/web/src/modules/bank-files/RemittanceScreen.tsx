import { ActionIcon, Alert, Badge, Button, Drawer, Group, Select, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  bankFilesContracts,
  formatCents,
  formatDate,
  formatDateTime,
  formatNumeroInterno,
  type Reconciliation,
  type RemittanceLine,
  type RemittanceLineStatus,
  type RemittanceRow,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { BusyIndicator } from '../ui/components/BusyIndicator';
import { PagedTable, pagedListOf } from '../ui/components/PagedTable';
import { useBlobDownload } from '../ui/hooks/useBlobDownload';
import { lineStatusColors, lineStatusFilters, lineStatusLabels } from './labels';
import { ScrollTable } from '../ui/components/ScrollTable';

const PAGE_SIZE = 50;

/** Paid / rejected / written off / pending counts: each a badge whose text says what its colour shows. */
function ReconciliationBadges({ c }: { c: Reconciliation }) {
  return (
    <Group gap={4} wrap="wrap">
      <Badge color="green" variant="light">{`${c.paid.count} pagas`}</Badge>
      <Badge color="red" variant="light">{`${c.rejected.count} rejeitadas`}</Badge>
      <Badge color="orange" variant="light">{`${c.writtenOff.count} baixadas`}</Badge>
      <Badge color="gray" variant="light">{`${c.pending.count} sem retorno`}</Badge>
    </Group>
  );
}

/** Conciliação: what was sent and what came back, in counts and sums. */
function ReconciliationSummary({ c }: { c: Reconciliation }) {
  const cells: [string, string][] = [
    ['Enviadas', `${c.sent.count} · ${formatCents(c.sent.total)}`],
    ['Pagas', `${c.paid.count} · ${formatCents(c.paid.total)}`],
    ['Rejeitadas', `${c.rejected.count} · ${formatCents(c.rejected.total)}`],
    ['Baixadas', `${c.writtenOff.count} · ${formatCents(c.writtenOff.total)}`],
    ['Sem retorno', `${c.pending.count} · ${formatCents(c.pending.total)}`],
    ['Valor pago', formatCents(c.paidValue)],
  ];
  return (
    <section aria-labelledby="conciliacao-title">
      <Text id="conciliacao-title" fw={600} component="h3" size="md" mb="xs">
        Conciliação
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
        {cells.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}

/** One remittance's lines, filtered by situation and paged by the server. */
function RemittanceDetail({ row }: { row: RemittanceRow }) {
  const [status, setStatus] = useState<RemittanceLineStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const query = { ...(status === 'all' ? {} : { status }), page, pageSize: PAGE_SIZE };
  const detail = useQuery({
    queryKey: queryKeyOf(bankFilesContracts.remittance, { params: { rmId: row.rmId }, query }),
    queryFn: ({ signal }) => callApi(bankFilesContracts.remittance, { params: { rmId: row.rmId }, query }, { signal }),
  });
  const list = pagedListOf(detail, page, setPage);
  const conciliacao = detail.data?.remessa.conciliacao ?? row.conciliacao;
  return (
    <Stack gap="md">
      <Text size="sm">{`${row.bnkName} · Remessa ${row.rmLastRemessa} · ${formatDateTime(row.rmDate)} · ${row.fileName}`}</Text>
      <ReconciliationSummary c={conciliacao} />
      <Select
        label="Situação"
        data={lineStatusFilters}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          setStatus((value ?? 'all') as RemittanceLineStatus | 'all');
          setPage(1);
        }}
        maw={260}
      />
      <PagedTable<RemittanceLine>
        list={list}
        pageSize={PAGE_SIZE}
        idAccessor="cobId"
        noRecordsText="Nenhuma cobrança nesta situação"
        columns={[
          {
            accessor: 'custName',
            title: 'Associado',
            render: (l) => (l.custNumeroInterno === null ? l.custName : `${l.custName} (${formatNumeroInterno(l.custNumeroInterno)})`),
          },
          { accessor: 'cobId', title: 'Cobrança' },
          { accessor: 'dueDate', title: 'Vencimento', noWrap: true, render: (l) => formatDate(l.dueDate) },
          { accessor: 'value', title: 'Valor', textAlign: 'right', noWrap: true, render: (l) => formatCents(l.value) },
          {
            accessor: 'status',
            title: 'Situação',
            // The badge keeps its whole label; the bank's text below it wraps.
            noWrap: true,
            render: (l) => (
              <Stack gap={2}>
                <Badge color={lineStatusColors[l.status]} variant="light">
                  {lineStatusLabels[l.status]}
                </Badge>
                {(l.retCode || l.retDescription) && (
                  <Text size="xs" style={{ whiteSpace: 'normal' }}>
                    {[l.retCode, l.retDescription].filter(Boolean).join(' - ')}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: 'retDate', title: 'Data do retorno', noWrap: true, render: (l) => formatDate(l.retDate) },
          { accessor: 'paidValue', title: 'Valor pago', textAlign: 'right', noWrap: true, render: (l) => formatCents(l.paidValue) },
        ]}
      />
    </Stack>
  );
}

/**
 * /financeiro/remessa (spec 2 §2.7 item 4, §3 "Remittance row"): the remittances, read-only, newest first, each with its
 * file and (beyond the spec) its reconciliation; "Conciliação" opens its lines in a drawer.
 */
export function RemittanceScreen() {
  const remittances = useQuery({
    queryKey: queryKeyOf(bankFilesContracts.remittances),
    queryFn: ({ signal }) => callApi(bankFilesContracts.remittances, {}, { signal }),
  });
  const [open, setOpen] = useState<RemittanceRow | null>(null);
  const { download, downloading } = useBlobDownload();

  if (remittances.isLoading) return <BusyIndicator label="Carregando remessas" />;
  if (remittances.isError)
    return (
      <Alert color="red" role="alert">
        {remittances.error.message}
      </Alert>
    );
  const rows = remittances.data ?? [];
  if (rows.length === 0) return <Text>Nenhuma remessa gerada.</Text>;

  return (
    <>
      <ScrollTable minWidth={900}>
        <Table striped withTableBorder highlightOnHover captionSide="top">
          <Table.Caption>Remessas geradas, a mais nova primeiro</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>rmId</Table.Th>
              <Table.Th>Data</Table.Th>
              <Table.Th>Banco</Table.Th>
              <Table.Th>Remessa</Table.Th>
              <Table.Th>Registros</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
              <Table.Th>Retorno</Table.Th>
              <Table.Th>Ações</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.rmId}>
                <Table.Td>{row.rmId}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.rmDate)}</Table.Td>
                <Table.Td>{row.bnkName}</Table.Td>
                <Table.Td>{row.rmLastRemessa}</Table.Td>
                <Table.Td>{row.rmRecords}</Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(row.rmTotalValue)}</Table.Td>
                <Table.Td>
                  <ReconciliationBadges c={row.conciliacao} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setOpen(row)} aria-label={`Conciliação da remessa ${row.rmId}`}>
                      Conciliação
                    </Button>
                    {row.scanId && (
                      <Tooltip label="Baixar arquivo">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Baixar arquivo da remessa ${row.rmId}`}
                          disabled={downloading}
                          onClick={() =>
                            void download(() => callApi(bankFilesContracts.remittanceFile, { params: { rmId: row.rmId } }), row.fileName)
                          }
                        >
                          <IconDownload size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="min(70rem, 100%)"
        title={open ? `Remessa ${open.rmId}` : ''}
      >
        {open && <RemittanceDetail row={open} />}
      </Drawer>
    </>
  );
}
