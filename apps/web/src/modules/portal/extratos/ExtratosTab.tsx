import { ScrollTable } from '../../ui/components/ScrollTable';
import { useState } from 'react';
import { Alert, Box, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, formatDateTimeShort, genericMessages, ledgerContracts, ledgerMessages, type Statement } from '@assoc/domain';
import { apiUrl, callApi, queryKeyOf } from '../../../app/client';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { PdfButtons } from '../shared/PdfButtons';
import { useEmailCall, usePhone, usePortalFinance, usePortalMemberId } from '../shared/portalFinance';
import classes from '../shared/portal.module.css';

/**
 * Extratos (spec 3 §2.15 "print and e-mail allowed", issue 28 item 3): the member's own periods (the open one, 'Em
 * aberto', then the closed ones), the period's entries with the running balance (cards on a phone), its PDF opened
 * in the browser's viewer or saved, and its e-mail (refused for situation 5, as in the staff record).
 */
export default function ExtratosTab() {
  const cstId = usePortalMemberId();
  const finance = usePortalFinance();
  const periods = finance.data?.extratoDatas ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const period = chosen ?? periods[0]?.value ?? null;
  const label = periods.find((p) => p.value === period)?.label ?? '';
  const params = { cstId, fecID: period ?? 0 };
  const entries = useQuery({
    queryKey: queryKeyOf(ledgerContracts.statement, { params }),
    queryFn: ({ signal }) => callApi(ledgerContracts.statement, { params }, { signal }),
    enabled: period !== null,
  });
  const email = useEmailCall(() => callApi(ledgerContracts.email, { params }), ledgerMessages.emailSent, genericMessages.requestFailed);
  const deceased = finance.data?.custAssocSituacao === 5;

  if (finance.isError)
    return (
      <Alert color="red" role="alert">
        {finance.error.message}
      </Alert>
    );
  if (!finance.data) return <BusyIndicator label="Carregando os extratos" />;
  if (periods.length === 0) return <Text>Nenhum extrato disponível.</Text>;

  const pdfPeriod = Math.abs(period ?? 0);
  return (
    <Stack gap="md">
      <Group align="end" wrap="wrap">
        <Select
          label="Período"
          data={periods.map((p) => ({ value: String(p.value), label: p.label }))}
          value={period === null ? null : String(period)}
          onChange={(v) => v !== null && setChosen(Number(v))}
          allowDeselect={false}
          classNames={{ input: classes.touch }}
          w={200}
        />
        <PdfButtons
          href={period === null ? null : apiUrl(ledgerContracts.pdf, { params: { cstId, period: pdfPeriod } })}
          fileName={`extrato-${pdfPeriod}.pdf`}
          what={`extrato ${label}`}
          onEmail={() => email.mutate()}
          emailing={email.isPending}
          emailRefusal={deceased ? ledgerMessages.emailDeceased : undefined}
        />
      </Group>
      {entries.isError && (
        <Alert color="red" role="alert">
          {entries.error.message}
        </Alert>
      )}
      {entries.data ? <Entries statement={entries.data} label={label} /> : !entries.isError && <BusyIndicator label="Carregando o extrato" />}
    </Stack>
  );
}

/** The period's entries: a table, or one card per entry on a phone. */
function Entries({ statement, label }: { statement: Statement; label: string }) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack gap="xs" aria-label={`Lançamentos do extrato ${label}`} role="list">
        <Text size="sm" fw={600}>
          Saldo anterior: {formatCents(statement.saldoAnterior)}
        </Text>
        {statement.entries.map((e) => (
          <Box key={e.extId} className={classes.card} role="listitem">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm">{formatDateTimeShort(e.extDate)}</Text>
              <Text size="sm" fw={600}>
                {formatCents(e.extValor)}
              </Text>
            </Group>
            <Text size="sm" className={classes.wrap}>
              {e.extDescricao}
            </Text>
            {e.svcName && (
              <Text size="xs" c="dimmed" className={classes.wrap}>
                {e.svcName}
              </Text>
            )}
            <Text size="xs">Saldo: {formatCents(e.saldo)}</Text>
          </Box>
        ))}
        {statement.entries.length === 0 && <Text size="sm">Sem lançamentos neste período.</Text>}
        <Text size="sm" fw={600}>
          Saldo: {formatCents(statement.saldoFinal)}
        </Text>
      </Stack>
    );
  return (
    <ScrollTable minWidth={560} label={`Lançamentos do extrato ${label}`}>
      <Table striped aria-label={`Lançamentos do extrato ${label}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Serviço</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Saldo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={4}>Saldo anterior</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(statement.saldoAnterior)}</Table.Td>
          </Table.Tr>
          {statement.entries.map((e) => (
            <Table.Tr key={e.extId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeShort(e.extDate)}</Table.Td>
              <Table.Td>{e.extDescricao}</Table.Td>
              <Table.Td>{e.svcName}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(e.extValor)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(e.saldo)}</Table.Td>
            </Table.Tr>
          ))}
          {statement.entries.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>Sem lançamentos neste período.</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Saldo</Table.Th>
            <Table.Th style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(statement.saldoFinal)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
