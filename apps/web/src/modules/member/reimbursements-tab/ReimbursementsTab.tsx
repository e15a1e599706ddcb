import { Fragment, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { auditRowPath, canDeleteRow, childRowId, formatCents, formatDate, isSavedRow, markEdited, protocolOrNI } from '@assoc/domain';
import { useCurrentSession } from '../../../app/session/SessionContext';
import { openConfirmDialog } from '../../ui/confirm';
import { CHANGED_TEXT, changedRowProps, isChanged } from '../changed-field';
import type { MemberTabProps } from '../member-tab.types';
import { ClaimModal, type ClaimModalProps } from './ClaimModal';
import { claimDocumentUrl, LIST, liveProcedures, newClaimId, procedureCells, reimbursedOf, SECTION, type ClaimRow } from './reimbursementRows';
import { reimbursementTexts as t } from './texts';
import { ScrollTable } from '../../ui/components/ScrollTable';

const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;
const COLUMNS = 9;

/**
 * The Ressarcimentos tab [11] of the member record (spec 1 §2 v2tabressarcimento; spec 2 §2.4, §3, §4): the member's
 * reimbursement claims, newest first, each row expandable to its procedures. 'Adicionar ressarcimento' opens
 * 'Ressarcimento - Reembolso'; a new claim goes to the top marked insert with the received date set to now and the
 * patient's name copied; an edited one is marked update (an insert stays insert); only a claim not saved yet can be
 * deleted. Everything is saved with the member's one save (its version and audit).
 */
export default function ReimbursementsTab({ form, mode, cstId, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  const session = useCurrentSession();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<{ index: number } | null>(null);
  if (!canView(SECTION) && !canEdit(SECTION))
    return (
      <Text size="sm" c="dimmed">
        {t.noPermission}
      </Text>
    );
  const rows = (form.values[LIST] ?? []) as ClaimRow[];
  const editable = canEdit(SECTION) && !readOnly && mode === 'edit' && cstId > 0;
  const keyOf = (row: ClaimRow, index: number) => String(row.resId ?? `n${index}`);
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const save: ClaimModalProps['onSave'] = ({ patientName, values, procedures }) => {
    if (!editing) return;
    if (editing.index < 0) {
      // spec 2 §4: submitting a new claim sets the received date to now and copies the patient's name.
      const row: ClaimRow = {
        resId: newClaimId(),
        cstId,
        resTitularNome: (form.values.custName as string | undefined) ?? '',
        resPacienteCstId: values.resPacienteCstId,
        resPacienteNome: patientName,
        resMarcaOtica: values.resMarcaOtica,
        resProtocoloAssoc: values.resProtocoloAssoc ?? '',
        resRecebidoData: new Date().toISOString(),
        resRecebidoPor: session.name,
        procedimentos: procedures,
        operation: 'insert',
      };
      form.insertListItem(LIST, row, 0);
    } else {
      const row = rows[editing.index]!;
      form.replaceListItem(LIST, editing.index, {
        ...row,
        resPacienteCstId: values.resPacienteCstId,
        resPacienteNome: patientName || row.resPacienteNome,
        resMarcaOtica: values.resMarcaOtica,
        resProtocoloAssoc: values.resProtocoloAssoc ?? '',
        procedimentos: procedures,
        operation: markEdited(row.operation),
      });
    }
  };
  const remove = (index: number) =>
    openConfirmDialog({
      title: t.deleteTitle,
      message: t.deleteQuestion,
      danger: true,
      onConfirm: () => form.removeListItem(LIST, index),
    });

  return (
    <Stack gap="sm">
      {editable ? (
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ index: -1 })}>
            {t.add}
          </Button>
        </Group>
      ) : null}
      <ScrollTable minWidth={760}>
        <Table highlightOnHover aria-label={t.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>{t.procedures}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t.received}</Table.Th>
              <Table.Th>{t.patient}</Table.Th>
              <Table.Th>{t.marcaOtica}</Table.Th>
              <Table.Th>{t.protocoloAssoc}</Table.Th>
              <Table.Th>{t.receivedBy}</Table.Th>
              <Table.Th ta="right">{t.procedures}</Table.Th>
              <Table.Th ta="right">{t.reimbursed}</Table.Th>
              <Table.Th w={110}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text size="sm">{cstId > 0 ? t.empty : t.newMember}</Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => {
              const key = keyOf(row, index);
              const open = expanded.has(key);
              const name = row.resPacienteNome ?? '';
              const auditChanged = isChanged(diffs, auditRowPath(LIST, childRowId(LIST, row, index)));
              const marked = row.operation === 'insert' || row.operation === 'update' || auditChanged;
              const procedures = liveProcedures(row);
              const saved = isSavedRow(row.resId);
              const detailsId = `ressarcimento-${key}-procedimentos`;
              return (
                <Fragment key={key}>
                  <Table.Tr
                    style={marked ? changedStyle : undefined}
                    data-operation={row.operation}
                    {...changedRowProps(auditChanged)}
                    {...(auditChanged ? { title: CHANGED_TEXT } : {})}
                  >
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t.expand(name)}
                        aria-expanded={open}
                        aria-controls={detailsId}
                        onClick={() => toggle(key)}
                      >
                        {open ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>{formatDate(row.resRecebidoData ?? null)}</Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{row.resMarcaOtica}</Table.Td>
                    <Table.Td>{protocolOrNI(row.resProtocoloAssoc)}</Table.Td>
                    <Table.Td>{row.resRecebidoPor ?? ''}</Table.Td>
                    <Table.Td ta="right">{procedures.length}</Table.Td>
                    <Table.Td ta="right">{formatCents(reimbursedOf(row))}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {saved ? (
                          <Tooltip label="Abrir em nova janela">
                            <ActionIcon
                              component="a"
                              variant="subtle"
                              href={claimDocumentUrl(row.resId!)}
                              target="_blank"
                              rel="noopener"
                              aria-label={t.openDocument(name)}
                            >
                              <IconExternalLink size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                        {editable ? (
                          <Tooltip label="Editar">
                            <ActionIcon variant="subtle" aria-label={t.edit(name)} onClick={() => setEditing({ index })}>
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                        {editable && canDeleteRow(row) ? (
                          <Tooltip label="Apagar">
                            <ActionIcon variant="subtle" color="red" aria-label={t.remove(name)} onClick={() => remove(index)}>
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {open ? (
                    <Table.Tr id={detailsId}>
                      <Table.Td colSpan={COLUMNS}>
                        <Table aria-label={t.expand(name)} withTableBorder>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>{t.procedureType}</Table.Th>
                              <Table.Th>{t.procedureDate}</Table.Th>
                              <Table.Th ta="right">{t.procedureValue}</Table.Th>
                              <Table.Th>{t.procedureProtocol}</Table.Th>
                              <Table.Th>{t.procedureCch}</Table.Th>
                              <Table.Th>{t.returnStatus}</Table.Th>
                              <Table.Th>{t.returnDate}</Table.Th>
                              <Table.Th ta="right">{t.returnValue}</Table.Th>
                              <Table.Th>{t.returnReason}</Table.Th>
                              <Table.Th w={50}>
                                <VisuallyHidden>{t.document}</VisuallyHidden>
                              </Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {procedures.map((p, j) => {
                              const cells = procedureCells(p);
                              return (
                                <Table.Tr key={p.procId ?? `${p.procKey}-${j}`}>
                                  <Table.Td>{cells.type}</Table.Td>
                                  <Table.Td>{cells.date}</Table.Td>
                                  <Table.Td ta="right">{cells.value}</Table.Td>
                                  <Table.Td>{p.procProtocolo ?? ''}</Table.Td>
                                  <Table.Td>{p.procCCH ? 'Sim' : 'Não'}</Table.Td>
                                  <Table.Td>{cells.status}</Table.Td>
                                  <Table.Td>{cells.returnDate}</Table.Td>
                                  <Table.Td ta="right">{cells.returnValue}</Table.Td>
                                  <Table.Td>{p.procRetornoMotivo ?? ''}</Table.Td>
                                  <Table.Td>
                                    {saved && isSavedRow(p.procId) && p.procKey ? (
                                      <ActionIcon
                                        component="a"
                                        variant="subtle"
                                        href={claimDocumentUrl(row.resId!, p.procId!)}
                                        target="_blank"
                                        rel="noopener"
                                        aria-label={t.openProcedureDocument(cells.type)}
                                      >
                                        <IconExternalLink size={18} />
                                      </ActionIcon>
                                    ) : null}
                                  </Table.Td>
                                </Table.Tr>
                              );
                            })}
                          </Table.Tbody>
                        </Table>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {editing ? (
        <ClaimModal
          key={editing.index < 0 ? 'new' : `${rows[editing.index]?.resId}-${editing.index}`}
          cstId={cstId}
          claim={editing.index < 0 ? null : (rows[editing.index] ?? null)}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
