import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Menu, ScrollArea, Select, Table, Text, ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconDownload, IconMail } from '@tabler/icons-react';
import { formatCents, formatDateTime, ledgerMessages, type StatementEntry } from '@assoc/domain';
import { HealthDeclarationItems } from '../../health-declaration';
import { MobileStatement } from '../../mobile-calls';
import { useHasRole } from '../../ui/components/RoleGate';
import { openConfirmDialog } from '../../ui/confirm';
import type { MemberTabProps } from '../member-tab.types';
import { useStatement } from './useStatement';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/**
 * Extratos [5] (spec 1 §2 statement viewer, §4, §6, §8): the period selector (the open period, 'Em aberto', then
 * the closed ones newest first, as extratoDatas gives them) and the 'Download/E-Mail' menu; the open period
 * (negative value) shows its entries with the running balance, a closed one (positive) its PDF. With
 * v2extratoestorno a reversal column: two confirmations, then the counter-entry and the table reloads.
 */
export default function StatementsTab({ form, cstId }: MemberTabProps) {
  const periods = form.values.extratoDatas ?? [];
  const [period, setPeriod] = useState<number | null>(periods[0]?.value ?? null);
  const statement = useStatement(cstId, period);
  const canPrint = useHasRole('v2extratoprint');
  const canEmail = useHasRole('v2extratoemail');
  const canReverse = useHasRole('v2extratoestorno');
  const deceased = form.values.custAssocSituacao === 5;
  const label = periods.find((p) => p.value === period)?.label ?? '';

  const confirmReverse = (entry: StatementEntry) =>
    openConfirmDialog({
      title: 'Estorno',
      message: ledgerMessages.reverseConfirm,
      onConfirm: () =>
        openConfirmDialog({
          title: ledgerMessages.reverseConfirmTitle,
          message: ledgerMessages.reverseWarning,
          danger: true,
          onConfirm: () => statement.reverse.mutate(entry.extId),
        }),
    });

  return (
    <Box>
      <Group align="end" mb="sm">
        <Select
          label="Período"
          data={periods.map((p) => ({ value: String(p.value), label: p.label }))}
          value={period === null ? null : String(period)}
          onChange={(v) => setPeriod(v === null ? null : Number(v))}
          allowDeselect={false}
          w={200}
        />
        {(canPrint || canEmail) && (
          <Menu position="bottom-start">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />} disabled={period === null}>
                Download/E-Mail
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canPrint && (
                <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void statement.download()}>
                  Download
                </Menu.Item>
              )}
              {canEmail && (
                <Menu.Item
                  leftSection={<IconMail size={16} aria-hidden />}
                  disabled={deceased || statement.email.isPending}
                  title={deceased ? ledgerMessages.emailDeceased : undefined}
                  onClick={() => statement.email.mutate()}
                >
                  E-Mail
                </Menu.Item>
              )}
              {period !== null && <HealthDeclarationItems cstId={cstId} period={period} canPrint={canPrint} canEmail={canEmail} />}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {statement.open && <OpenPeriod statement={statement} canReverse={canReverse} onReverse={confirmReverse} />}

      {statement.closed && (
        <Box>
          {statement.pdf.isFetching && <BusyIndicator label="Carregando o extrato" />}
          {statement.url && !statement.pdf.isFetching && (
            <iframe src={statement.url} title={`Extrato ${label}`} style={{ width: '100%', height: '70vh', minHeight: 480, border: 0 }} />
          )}
        </Box>
      )}
      <MobileStatement cstId={cstId} />
    </Box>
  );
}

function OpenPeriod({
  statement,
  canReverse,
  onReverse,
}: {
  statement: ReturnType<typeof useStatement>;
  canReverse: boolean;
  onReverse: (entry: StatementEntry) => void;
}) {
  const { data, isFetching, error } = statement.entries;
  if (error)
    return (
      <Alert color="red" variant="light" role="alert">
        {error.message}
      </Alert>
    );
  if (!data) return <BusyIndicator label="Carregando o extrato" />;
  return (
    <ScrollArea>
      <Table striped highlightOnHover aria-label="Lançamentos do período em aberto" aria-busy={isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th>Serviço</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Saldo</Table.Th>
            {canReverse && <Table.Th>Estorno</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" fw={600}>
                Saldo anterior
              </Text>
            </Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{formatCents(data.saldoAnterior)}</Table.Td>
            {canReverse && <Table.Td />}
          </Table.Tr>
          {data.entries.map((e) => (
            <Table.Tr key={e.extId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.extDate)}</Table.Td>
              <Table.Td>{e.extDescricao}</Table.Td>
              <Table.Td>{e.extResponsavel}</Table.Td>
              <Table.Td>{e.svcName}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(e.extValor)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(e.saldo)}</Table.Td>
              {canReverse && (
                <Table.Td>
                  {e.extEstornoParent !== null ? (
                    <Badge variant="light" color="gray">
                      Estorno
                    </Badge>
                  ) : e.extEstornoChild !== null ? (
                    <Badge variant="light" color="orange">
                      Estornado
                    </Badge>
                  ) : (
                    <Tooltip label="Estornar lançamento">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Estornar lançamento ${e.extDescricao}`}
                        disabled={statement.reverse.isPending}
                        onClick={() => onReverse(e)}
                      >
                        <IconArrowBackUp size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {data.entries.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={canReverse ? 7 : 6}>
                <Text size="sm" c="dimmed">
                  Sem lançamentos neste período.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={5}>Saldo</Table.Th>
            <Table.Th style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(data.saldoFinal)}</Table.Th>
            {canReverse && <Table.Th />}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
