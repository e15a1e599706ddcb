import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconDownload, IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { auditRowPath, childRowId, formatDateTime, formatFileSize, type MemberDocumentInput } from '@assoc/domain';
import { changedRowProps, isChanged } from '../changed-field';
import { ChangedCue } from '../changed-cue';
import type { MemberTabProps } from '../member-tab.types';
import { markedRowActions } from '../utils/markedRows';
import { ScanModal } from './ScanModal';
import { documentUrl } from './uploadDocument';
import { ScrollTable } from '../../ui/components/ScrollTable';

const LIST = 'documentos';
const deletedStyle = { backgroundColor: 'var(--mantine-color-pink-1)', color: 'var(--mantine-color-red-9)' } as const;
const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;
const changedListStyle = { border: '2px solid var(--mantine-color-yellow-filled)', borderRadius: 4 } as const;

/**
 * The Documentos tab [8] of the member record (spec 1 §2 documents table, §4 child rows, §6 v2docview /
 * v2docnew): Data, Usuário, Descrição, Tamanho and the download icon; "Abrir em nova janela?" (SIM opens the
 * document in a new tab, NÃO downloads it); the scan modal adds a row at the top. Deleting a row not saved yet
 * removes it; a saved one stays listed, pink and restorable, until the member is saved.
 */
export default function DocumentsTab({ form, mode, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  const [newWindow, setNewWindow] = useState(true);
  const [adding, setAdding] = useState(false);
  if (!canView('documents') && !canEdit('documents'))
    return (
      <Text size="sm" c="dimmed">
        Sem permissão para ver os documentos.
      </Text>
    );
  const rows = (form.values[LIST] ?? []) as MemberDocumentInput[];
  const editable = canEdit('documents') && !readOnly && mode !== 'audit';
  const { remove, restore } = markedRowActions<MemberDocumentInput>(form, LIST, {
    deleteTitle: 'Apagando documento',
    restoreTitle: 'Recuperando documento',
  });
  const columns = editable ? 6 : 5;
  // The audit's fieldDiffs name the list ('documentos') and each changed row ('documentos.31').
  const listChanged = diffs.has(LIST);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        {editable ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Adicionar documento
          </Button>
        ) : (
          <span />
        )}
        <Switch
          label="Abrir em nova janela?"
          onLabel="SIM"
          offLabel="NÃO"
          size="lg"
          checked={newWindow}
          onChange={(event) => setNewWindow(event.currentTarget.checked)}
        />
      </Group>
      {listChanged ? (
        <Text size="sm" fw={600} data-changed>
          Documentos alterados nesta versão
        </Text>
      ) : null}
      <ScrollTable minWidth={560} style={listChanged ? changedListStyle : undefined}>
        <Table highlightOnHover aria-label="Documentos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Usuário</Table.Th>
              <Table.Th>Descrição</Table.Th>
              <Table.Th ta="right">Tamanho</Table.Th>
              <Table.Th w={50}>
                <VisuallyHidden>Abrir</VisuallyHidden>
              </Table.Th>
              {editable ? (
                <Table.Th w={50}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text size="sm" c="dimmed">
                    Nenhum documento
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => {
              const deleted = row.operation === 'delete';
              // The audit names a document by its scanId ('documentos.31', domain audit-paths.ts).
              const auditChanged = isChanged(diffs, auditRowPath(LIST, childRowId(LIST, row, index)));
              const marked = row.operation === 'insert' || row.operation === 'update' || auditChanged;
              const label = row.description ?? '';
              return (
                <Table.Tr
                  key={row.key}
                  style={deleted ? deletedStyle : marked ? changedStyle : undefined}
                  data-operation={row.operation}
                  {...changedRowProps(auditChanged)}
                >
                  <Table.Td>
                    {formatDateTime(row.created ?? null)}
                    <ChangedCue changed={auditChanged} />
                  </Table.Td>
                  <Table.Td>{row.createdBy ?? ''}</Table.Td>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td ta="right">{formatFileSize(row.filesize ?? null)}</Table.Td>
                  <Table.Td>
                    <Tooltip label={newWindow ? 'Abrir em nova janela' : 'Baixar'}>
                      <ActionIcon
                        component="a"
                        variant="subtle"
                        href={documentUrl(row.key, !newWindow)}
                        target={newWindow ? '_blank' : undefined}
                        rel="noopener"
                        aria-label={`${newWindow ? 'Abrir' : 'Baixar'} ${label}`}
                      >
                        {newWindow ? <IconExternalLink size={18} /> : <IconDownload size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                  {editable ? (
                    <Table.Td>
                      {deleted ? (
                        <Tooltip label="Recuperar">
                          <ActionIcon variant="subtle" aria-label={`Recuperar ${label}`} onClick={() => restore(index, row)}>
                            <IconArrowBackUp size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : (
                        <Tooltip label="Apagar">
                          <ActionIcon variant="subtle" color="red" aria-label={`Apagar ${label}`} onClick={() => remove(index, row)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {adding ? (
        <ScanModal
          onClose={() => setAdding(false)}
          onAdd={(upload, description) =>
            // Spec 1 §4: new documents are added at the top with the current time and user.
            form.insertListItem(
              LIST,
              {
                key: upload.key,
                description,
                created: upload.created,
                createdBy: upload.createdBy,
                filesize: upload.filesize,
                mimeType: upload.mimeType,
                operation: 'insert',
              } satisfies MemberDocumentInput,
              0,
            )
          }
        />
      ) : null}
    </Stack>
  );
}
