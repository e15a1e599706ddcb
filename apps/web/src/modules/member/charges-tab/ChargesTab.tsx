import { useId, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconMail, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  auditRowPath,
  childRowId,
  BOLETO,
  canAddCharge,
  chargeContracts,
  chargeMessages,
  chargeRowState,
  debitPlaces,
  formatCents,
  formatDate,
  hasBoletoActions,
  isoDateInAppZone,
  type ChargeItem,
  type NewCharge,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { isApiError } from '../../../app/api';
import { usePrintDocument } from '../../printing';
import { openConfirmDialog } from '../../ui/confirm';
import { notifyError, notifySuccess } from '../../ui/notify';
import { CreditButton } from '../../credit';
import { changedRowProps, isChanged } from '../changed-field';
import { ChangedCue } from '../changed-cue';
import type { MemberTabProps } from '../member-tab.types';
import { ChargeDetailsModal } from './ChargeDetailsModal';
import { NewChargeModal } from './NewChargeModal';
import { chargeResult, rowStyles } from './chargeRows';
import { ScrollTable } from '../../ui/components/ScrollTable';

const LIST = 'cobrancas';
const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;
/** An audit version keeps only the charges its save created (child list audit: 'written'): the note and the empty text say so. */
const AUDIT_CHARGES_NOTE = 'Nesta versão aparecem só as cobranças criadas por esta alteração.';
const AUDIT_NO_CHARGES = 'Nenhuma cobrança criada nesta alteração.';

/** Tomorrow in the association's time zone, ISO. */
function tomorrow(): string {
  const [y, m, d] = isoDateInAppZone().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * The Cobranças tab [7] of the member record (spec 1 §2 charges table, §4 row colour and new-charge defaults, §5 new
 * charge rules, §6 v2cobrancaview / v2cobrancanew and the boleto icons, §7 cobranca/divida and user/boleto/*): the
 * table (Vencimento, Local, Retorno, Valor, Resultado; yellow without a return, red when returned with a code above
 * 0, the Resultado text saying the same), "Nova cobrança" (disabled while a charge waits for its return or without
 * debt) adding a row at the top that the member's save issues, "Cobrança - Detalhes" on a row, and for a bank-11
 * charge without a return the print and e-mail icons of its boleto.
 */
export default function ChargesTab({ form, mode, cstId, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<ChargeItem | null>(null);
  const auditNoteId = useId();
  const printing = usePrintDocument();
  const visible = canView('charges') || canEdit('charges');
  const debtQuery = useQuery({
    queryKey: queryKeyOf(chargeContracts.debt, { params: { cstId } }),
    queryFn: ({ signal }) => callApi(chargeContracts.debt, { params: { cstId } }, { signal }),
    enabled: visible && cstId > 0 && mode !== 'audit',
    staleTime: 0,
  });
  if (!visible)
    return (
      <Text size="sm" c="dimmed">
        Sem permissão para ver as cobranças.
      </Text>
    );

  const rows = (form.values[LIST] ?? []) as ChargeItem[];
  const editable = canEdit('charges') && !readOnly && mode === 'edit';
  const debt = debtQuery.data?.divida ?? 0;
  const addEnabled = editable && debtQuery.isSuccess && canAddCharge(rows, debt);
  const bankAccount = form.values.bankAccount as { bnkId?: number | null } | undefined;
  const registeredPlace = debitPlaces.find((p) => p.bnkId === bankAccount?.bnkId) ?? null;

  const add = (charge: NewCharge) => {
    const bnkId = charge.local === 1 ? BOLETO : (registeredPlace?.bnkId ?? null);
    // Spec 1 §4: new charges are added at the top.
    form.insertListItem(
      LIST,
      {
        cobId: -1,
        cobVencimento: charge.vencimento,
        cobValor: charge.valor,
        cobRetorno: null,
        bnkId,
        bnkName: debitPlaces.find((p) => p.bnkId === bnkId)?.bankName ?? null,
        local: charge.local,
        lancamentos: charge.lancamentos,
        diaUtil: charge.diaUtil ?? null,
        operation: 'insert',
      } satisfies ChargeItem,
      0,
    );
  };
  const printBoleto = (charge: ChargeItem) =>
    openConfirmDialog({
      title: 'Boleto bancário',
      message: chargeMessages.boletoConfirmTitle,
      onConfirm: () =>
        void printing.print({
          fileName: `boleto-${charge.cobId}.pdf`,
          load: () => callApi(chargeContracts.boleto, { params: { cobId: charge.cobId! } }),
        }),
    });
  const emailBoleto = (charge: ChargeItem) =>
    openConfirmDialog({
      title: chargeMessages.boletoConfirmTitle,
      message: chargeMessages.boletoConfirmText,
      onConfirm: () =>
        void callApi(chargeContracts.emailBoleto, { params: { cobId: charge.cobId! } }).then(
          (reply) => notifySuccess(reply.message),
          (error: unknown) => {
            if (isApiError(error) && error.status === 401) return;
            notifyError(chargeMessages.boletoEmailFailed);
          },
        ),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          {editable ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={!addEnabled} onClick={() => setAdding(true)}>
              Nova cobrança
            </Button>
          ) : null}
          {editable ? <CreditButton cstId={cstId} /> : null}
        </Group>
        {mode !== 'audit' && cstId > 0 ? (
          <Text size="sm" aria-live="polite">
            Débito em aberto: {debtQuery.isSuccess ? formatCents(debt) : '…'}
          </Text>
        ) : null}
      </Group>
      {mode === 'audit' ? (
        <Text size="sm" c="dimmed" id={auditNoteId}>
          {AUDIT_CHARGES_NOTE}
        </Text>
      ) : null}
      <ScrollTable minWidth={620}>
        <Table highlightOnHover aria-label="Cobranças" aria-describedby={mode === 'audit' ? auditNoteId : undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th>Local</Table.Th>
              <Table.Th>Retorno</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Resultado</Table.Th>
              <Table.Th w={120}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    {mode === 'audit' ? AUDIT_NO_CHARGES : 'Nenhuma cobrança'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => {
              const state = chargeRowState(row);
              // The audit names a charge by its cobId ('cobrancas.31', domain audit-paths.ts): a new charge's row.
              const auditChanged = isChanged(diffs, auditRowPath(LIST, childRowId(LIST, row, index)));
              const marked = row.operation === 'insert' || auditChanged;
              const label = `cobrança de ${formatDate(row.cobVencimento)} (${formatCents(row.cobValor)})`;
              return (
                <Table.Tr
                  key={row.cobId && row.cobId > 0 ? row.cobId : `new-${index}`}
                  style={{ ...rowStyles[state], ...(marked ? changedStyle : {}), cursor: 'pointer' }}
                  data-state={state}
                  data-operation={row.operation}
                  {...changedRowProps(auditChanged)}
                  onClick={() => setDetails(row)}
                >
                  <Table.Td>
                    {formatDate(row.cobVencimento)}
                    <ChangedCue changed={auditChanged} />
                  </Table.Td>
                  <Table.Td>{row.bnkName ?? ''}</Table.Td>
                  <Table.Td>{formatDate(row.cobRetorno ?? null)}</Table.Td>
                  <Table.Td ta="right">{formatCents(row.cobValor)}</Table.Td>
                  <Table.Td>
                    {state === 'rejected' ? (
                      <Badge color="red" variant="light" mr={6}>
                        Rejeitada
                      </Badge>
                    ) : null}
                    {chargeResult(row)}
                  </Table.Td>
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Detalhes">
                        <ActionIcon variant="subtle" aria-label={`Detalhes da ${label}`} onClick={() => setDetails(row)}>
                          <IconEye size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {!readOnly && hasBoletoActions(row) ? (
                        <>
                          <Tooltip label="Imprimir boleto">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Imprimir boleto da ${label}`}
                              loading={printing.busy}
                              onClick={() => printBoleto(row)}
                            >
                              <IconPrinter size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Enviar boleto por e-mail">
                            <ActionIcon variant="subtle" aria-label={`Enviar boleto da ${label} por e-mail`} onClick={() => emailBoleto(row)}>
                              <IconMail size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      ) : null}
                      {editable && row.operation === 'insert' ? (
                        <Tooltip label="Apagar">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Apagar a nova ${label}`}
                            onClick={() => form.removeListItem(LIST, index)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {adding ? (
        <NewChargeModal
          debt={debt}
          registeredPlace={registeredPlace?.bankName ?? null}
          tomorrow={tomorrow()}
          onAdd={add}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {details ? <ChargeDetailsModal charge={details} onClose={() => setDetails(null)} /> : null}
      {printing.dialogs}
    </Stack>
  );
}
