import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { auditRowPath, childRowId, newFollowUpItem, type FollowUpFormValues, type FollowUpItemInput } from '@assoc/domain';
import { useCurrentSession } from '../../../app/session/SessionContext';
import { FollowUpModal } from '../../follow-up/components/FollowUpModal';
import { FollowUpTable } from '../../follow-up/components/FollowUpTable';
import { CHANGED_TEXT, changedRowProps, isChanged } from '../changed-field';
import type { MemberTabProps } from '../member-tab.types';
import { markedRowActions } from '../utils/markedRows';

const LIST = 'atendimentos';
const SECTION = 'followUp';
const deletedStyle = { backgroundColor: 'var(--mantine-color-pink-1)', color: 'var(--mantine-color-red-9)', textDecoration: 'line-through' } as const;
const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;

const editable = (row: FollowUpItemInput): FollowUpFormValues => ({
  atdTipo: row.atdTipo,
  atdDepartamento: row.atdDepartamento,
  atdAssunto: row.atdAssunto,
  atdTitulo: row.atdTitulo,
  atdStatus: row.atdStatus,
});

/**
 * The Acompanhamento tab [13] of the member record (spec 1 §2, §4 child rows; spec 2 §2.9 columns): the member's
 * follow-up rows, newest first. "Adicionar atendimento" puts a row at the top with the current time and user (the
 * server records its own when the member is saved); editing marks a saved row update; deleting a row not saved yet
 * removes it, a saved one stays listed, pink, until the member is saved, and its delete can be undone after a
 * confirmation. Seen with the personal-data roles, changed with v2userdadospessoais (the followUp section).
 */
export default function FollowUpTab({ form, mode, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  const session = useCurrentSession();
  const [editing, setEditing] = useState<{ index: number } | null>(null);
  if (!canView(SECTION) && !canEdit(SECTION))
    return (
      <Text size="sm" c="dimmed">
        Sem permissão para ver os atendimentos.
      </Text>
    );
  const rows = (form.values[LIST] ?? []) as FollowUpItemInput[];
  const canChange = canEdit(SECTION) && !readOnly && mode !== 'audit';
  // A stored row is marked delete without a question (spec 1 §4); its restore asks, as every child list's does.
  const { setRow, restore } = markedRowActions<FollowUpItemInput>(form, LIST, {
    deleteTitle: 'Apagando atendimento',
    restoreTitle: 'Recuperando atendimento',
  });

  const save = (values: FollowUpFormValues) => {
    if (!editing) return;
    if (editing.index < 0) {
      const row: FollowUpItemInput = { ...newFollowUpItem(), ...values, atdData: new Date().toISOString(), atdCriadoPor: session.name };
      form.insertListItem(LIST, row, 0);
    } else {
      const row = rows[editing.index]!;
      setRow(editing.index, { ...row, ...values, operation: row.operation === 'insert' ? 'insert' : 'update' } as FollowUpItemInput);
    }
    setEditing(null);
  };
  const remove = (index: number, row: FollowUpItemInput) =>
    row.operation === 'insert' || row.atdId === undefined || row.atdId < 0
      ? form.removeListItem(LIST, index)
      : setRow(index, { ...row, operation: 'delete' });

  const current = editing && editing.index >= 0 ? rows[editing.index] : null;
  return (
    <Stack gap="sm">
      {canChange ? (
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ index: -1 })}>
            Adicionar atendimento
          </Button>
        </Group>
      ) : null}
      <FollowUpTable
        rows={rows}
        caption="Atendimentos do associado"
        empty="Nenhum atendimento"
        rowProps={(row, index) => {
          const deleted = row.operation === 'delete';
          // The audit names a row by its atdId ('atendimentos.31', domain audit-paths.ts); the title is its non-colour cue.
          const auditChanged = isChanged(diffs, auditRowPath(LIST, childRowId(LIST, row, index)));
          const marked = row.operation === 'insert' || row.operation === 'update' || auditChanged;
          return {
            style: deleted ? deletedStyle : marked ? changedStyle : undefined,
            'data-operation': row.operation,
            ...changedRowProps(auditChanged),
            ...(auditChanged ? { title: CHANGED_TEXT } : {}),
          };
        }}
        actions={
          canChange
            ? (row, index) =>
                row.operation === 'delete' ? (
                  <Tooltip label="Recuperar">
                    <ActionIcon variant="subtle" aria-label={`Recuperar atendimento ${row.atdTitulo}`} onClick={() => restore(index, row)}>
                      <IconArrowBackUp size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon variant="subtle" aria-label={`Editar atendimento ${row.atdTitulo}`} onClick={() => setEditing({ index })}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Apagar">
                      <ActionIcon variant="subtle" color="red" aria-label={`Apagar atendimento ${row.atdTitulo}`} onClick={() => remove(index, row)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )
            : undefined
        }
      />
      {editing ? (
        <FollowUpModal
          key={editing.index < 0 ? 'new' : `${current?.atdId}-${editing.index}`}
          title={editing.index < 0 ? 'Novo atendimento' : 'Atendimento'}
          initial={current ? editable(current) : editable(newFollowUpItem())}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
