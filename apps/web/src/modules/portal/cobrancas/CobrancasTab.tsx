import { ScrollTable } from '../../ui/components/ScrollTable';
import { useState } from 'react';
import { ActionIcon, Alert, Box, Button, CopyButton, Group, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconHeartbeat } from '@tabler/icons-react';
import {
  chargeContracts,
  chargeRowState,
  formatCents,
  formatDate,
  hasBoletoActions,
  healthDeclarationContracts,
  type PortalCharge,
} from '@assoc/domain';
import { apiUrl } from '../../../app/client';
import { BusyIndicator } from '../../ui/components/BusyIndicator';
import { chargeResult } from '../../member/charges-tab/chargeRows';
import { usePhone, usePortalFinance, usePortalMemberId } from '../shared/portalFinance';
import classes from '../shared/portal.module.css';

const isOpenBoleto = (c: PortalCharge) => hasBoletoActions({ bnkId: c.bnkId, cobRetorno: c.cobRetorno, operation: 'none' });
const resultOf = (c: PortalCharge) => chargeResult({ ...c, operation: 'none' });
const instalment = (c: PortalCharge) => (c.cobParcelas && c.cobParcelas > 1 ? `${c.cobParcela}/${c.cobParcelas}` : '');

/**
 * Cobranças (issue 28 item 3, beyond the spec): the member's charges, read-only (no new charge, no cancel); an open
 * bank-11 charge offers its boleto (PDF in the browser's viewer) and its linha digitável with a copy button. Below,
 * the health declaration of a period (PDF).
 */
export default function CobrancasTab() {
  const finance = usePortalFinance();
  if (finance.isError)
    return (
      <Alert color="red" role="alert">
        {finance.error.message}
      </Alert>
    );
  if (!finance.data) return <BusyIndicator label="Carregando as cobranças" />;
  const closed = finance.data.extratoDatas.filter((p) => p.value > 0);
  return (
    <Stack gap="lg">
      <Charges charges={finance.data.cobrancas} />
      <HealthDeclaration periods={closed} />
    </Stack>
  );
}

function Boleto({ charge }: { charge: PortalCharge }) {
  return (
    <Stack gap={4}>
      <Button
        component="a"
        href={apiUrl(chargeContracts.boleto, { params: { cobId: charge.cobId } })}
        target="_blank"
        rel="noopener"
        size="sm"
        className={classes.touch}
        leftSection={<IconExternalLink size={18} aria-hidden />}
        aria-label={`Abrir boleto de vencimento ${formatDate(charge.cobVencimento)}`}
      >
        Boleto
      </Button>
      {charge.cobLinhaDigitavel && (
        <Group gap={4} wrap="nowrap" align="center">
          <Text size="xs" ff="monospace" className={classes.wrap}>
            {charge.cobLinhaDigitavel}
          </Text>
          <CopyButton value={charge.cobLinhaDigitavel.replace(/\D/g, '')}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copiada' : 'Copiar linha digitável'}>
                <ActionIcon variant="subtle" size={44} onClick={copy} aria-label="Copiar linha digitável">
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      )}
    </Stack>
  );
}

function StateBadge({ charge }: { charge: PortalCharge }) {
  const state = chargeRowState(charge);
  // Dark shades: small bold text needs 4.5:1 on white and on a striped row (Mantine's yellow.9 and green.9 have less).
  const color = state === 'open' ? '#7a4d00' : state === 'rejected' ? '#b02525' : '#256b30';
  // Text rather than a Badge: a long bank return ('Não debitado - conta não cadastrada') wraps instead of being cut.
  return (
    <Text size="xs" fw={700} c={color} className={classes.wrap}>
      {resultOf(charge)}
    </Text>
  );
}

function Charges({ charges }: { charges: PortalCharge[] }) {
  const phone = usePhone();
  if (charges.length === 0) return <Text>Nenhuma cobrança.</Text>;
  if (phone)
    return (
      <Stack gap="xs" role="list" aria-label="Cobranças">
        {charges.map((c) => (
          <Box key={c.cobId} className={classes.card} role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm">Vencimento {formatDate(c.cobVencimento)}</Text>
              <Text fw={600}>{formatCents(c.cobValor)}</Text>
            </Group>
            <Text size="sm" className={classes.wrap}>
              {c.bnkName ?? ''} {instalment(c) && `· parcela ${instalment(c)}`}
            </Text>
            <StateBadge charge={c} />
            {isOpenBoleto(c) && (
              <Box mt="xs">
                <Boleto charge={c} />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    );
  return (
    <ScrollTable minWidth={640} label="Cobranças">
      <Table aria-label="Cobranças">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Local</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Boleto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr key={c.cobId}>
              <Table.Td>{formatDate(c.cobVencimento)}</Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatCents(c.cobValor)}</Table.Td>
              <Table.Td>{instalment(c)}</Table.Td>
              <Table.Td>{c.bnkName}</Table.Td>
              <Table.Td>
                <StateBadge charge={c} />
              </Table.Td>
              <Table.Td maw={260}>{isOpenBoleto(c) && <Boleto charge={c} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The health declaration of a closed period (plans 21/22), opened in the browser's viewer. */
function HealthDeclaration({ periods }: { periods: { value: number; label: string }[] }) {
  const cstId = usePortalMemberId();
  const [chosen, setChosen] = useState<number | null>(null);
  const period = chosen ?? periods[0]?.value ?? null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Declaração de saúde
      </Title>
      {periods.length === 0 ? (
        <Text size="sm">Nenhum período fechado.</Text>
      ) : (
        <Group align="end" wrap="wrap">
          <Select
            label="Período da declaração"
            data={periods.map((p) => ({ value: String(p.value), label: p.label }))}
            value={period === null ? null : String(period)}
            onChange={(v) => v !== null && setChosen(Number(v))}
            allowDeselect={false}
            classNames={{ input: classes.touch }}
            w={200}
          />
          <Button
            component="a"
            href={period === null ? undefined : apiUrl(healthDeclarationContracts.pdf, { params: { cstId, period } })}
            target="_blank"
            rel="noopener"
            variant="default"
            className={classes.touch}
            leftSection={<IconHeartbeat size={18} aria-hidden />}
          >
            Declaração de saúde (PDF)
          </Button>
        </Group>
      )}
    </Stack>
  );
}
