import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { auditRowPath, canActOnService, childRowId, formatCents, type Cents } from '@assoc/domain';

const LIST = 'usuarioServicos';
import { changedRowProps, isChanged } from '../changed-field';
import { ChangedCue } from '../changed-cue';
import type { FieldPath, FormValues, ListForm } from '../../ui/form';
import { useRoles } from '../../ui/components/RoleGate';
import { markedRowActions } from '../utils/markedRows';
import { AddServiceModal, type ServiceOwner } from './AddServiceModal';
import { ServiceEditModal } from './ServiceEditModal';
import { rowObservation, rowsAt, totalCents, type ServiceRow } from './serviceRows';
import { ScrollTable } from '../../ui/components/ScrollTable';

export interface ServicesPanelProps<V extends FormValues> {
  /** The form holding the rows: the member's (the holder) or the dependent modal's (a dependent), typed by its schema. */
  form: ListForm<V>;
  /** Where the rows live in that form: 'usuarioServicos' (either form) or 'parentFilhos.3.usuarioServicos' (the member's). */
  basePath: FieldPath<V>;
  /** The person the rows belong to (the registry's dependent and age rules). */
  owner: ServiceOwner;
  /** The user may change these rows (the tab's edit roles; each action then needs its own role). */
  canEdit: boolean;
  /** Audit mode: no toolbar, no action icons. */
  readOnly: boolean;
  /** Changed paths of the audit version shown. */
  diffs: ReadonlySet<string>;
}

const deletedStyle = { backgroundColor: 'var(--mantine-color-pink-1)', color: 'var(--mantine-color-red-9)' } as const;
const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;

/**
 * A person's services (spec 1 §2 "Services table", §4 child rows): Serviço, Observações, Valor and the total of
 * the rows not marked delete in the footer. Rows marked delete stay listed (pink, restorable after a
 * confirmation); a row added in this session is removed at once. Used by the Serviços tab (the holder) and by
 * the dependent modal (the dependent's rows).
 */
export function ServicesPanel<V extends FormValues>({ form, basePath, owner, canEdit, readOnly, diffs }: ServicesPanelProps<V>) {
  const roles = useRoles();
  const rows = rowsAt(form.values, basePath);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const editable = canEdit && !readOnly;
  const may = (action: 'add' | 'edit' | 'delete', row?: ServiceRow) =>
    editable && canActOnService(action, row?.svcEditPlugin, roles, { isDependent: owner.isDependent, insertedNow: row?.operation === 'insert' });

  const { setRow, remove, restore } = markedRowActions<ServiceRow, V>(form, basePath, {
    deleteTitle: 'Apagando serviço',
    restoreTitle: 'Recuperando serviço',
  });

  const editingRow = editing === null ? undefined : rows[editing];
  return (
    <Stack gap="sm">
      {editable && may('add') ? (
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Adicionar serviço
          </Button>
        </Group>
      ) : null}
      <ScrollTable minWidth={520}>
        <Table striped={false} highlightOnHover aria-label="Serviços">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Serviço</Table.Th>
              <Table.Th>Observações</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              {editable ? (
                <Table.Th w={90}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={editable ? 4 : 3}>
                  <Text size="sm" c="dimmed">
                    Nenhum serviço
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => {
              const deleted = row.operation === 'delete';
              // The audit names a service by its cslId ('usuarioServicos.31', domain audit-paths.ts).
              const auditChanged = isChanged(diffs, auditRowPath(basePath, childRowId(LIST, row, index)));
              const marked = row.operation === 'insert' || row.operation === 'update' || auditChanged;
              const style = deleted ? deletedStyle : marked ? changedStyle : undefined;
              return (
                <Table.Tr key={row.cslId ?? `new-${index}`} style={style} data-operation={row.operation} {...changedRowProps(auditChanged)}>
                  <Table.Td>
                    {row.svcName ?? `Serviço ${row.svcId}`}
                    <ChangedCue changed={auditChanged} />
                  </Table.Td>
                  <Table.Td>{rowObservation(row)}</Table.Td>
                  <Table.Td ta="right">{formatCents((row.valor ?? 0) as Cents)}</Table.Td>
                  {editable ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {deleted ? (
                          may('delete', row) ? (
                            <Tooltip label="Recuperar">
                              <ActionIcon variant="subtle" aria-label={`Recuperar ${row.svcName ?? ''}`} onClick={() => restore(index, row)}>
                                <IconArrowBackUp size={18} />
                              </ActionIcon>
                            </Tooltip>
                          ) : null
                        ) : (
                          <>
                            {may('edit', row) ? (
                              <Tooltip label="Editar">
                                <ActionIcon variant="subtle" aria-label={`Editar ${row.svcName ?? ''}`} onClick={() => setEditing(index)}>
                                  <IconPencil size={18} />
                                </ActionIcon>
                              </Tooltip>
                            ) : null}
                            {may('delete', row) ? (
                              <Tooltip label="Apagar">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Apagar ${row.svcName ?? ''}`}
                                  onClick={() => remove(index, row)}
                                >
                                  <IconTrash size={18} />
                                </ActionIcon>
                              </Tooltip>
                            ) : null}
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th ta="right" data-testid="services-total">
                {formatCents(totalCents(rows) as Cents)}
              </Table.Th>
              {editable ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      {adding ? (
        <AddServiceModal
          owner={owner}
          held={rows}
          onClose={() => setAdding(false)}
          onAdd={(row) => form.insertListItem(basePath, { ...row, operation: 'insert' })}
        />
      ) : null}
      {editingRow && editing !== null ? (
        <ServiceEditModal
          row={editingRow}
          onClose={() => setEditing(null)}
          onSave={(row) => setRow(editing, { ...row, operation: editingRow.operation === 'insert' ? 'insert' : 'update' })}
        />
      ) : null}
    </Stack>
  );
}
