import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconChevronRight, IconHealthRecognition, IconPlus, IconTrash } from '@tabler/icons-react';
import { auditRowPath, cchRoles, childRowId, emptyDependent, formatCents, hasRole, memberMessages, type Cents } from '@assoc/domain';
import { CchRequestModal } from '../../cch';
import { cchTexts } from '../../cch/texts';
import { useRoles } from '../../ui/components/RoleGate';
import { notifyError } from '../../ui/notify';
import { changedRowProps, diffsInside, isChanged } from '../changed-field';
import { ChangedCue } from '../changed-cue';
import type { MemberTabProps } from '../member-tab.types';
import { markedRowActions } from '../utils/markedRows';
import { useUserTabLookups } from '../user-tab/userTabLookups';
import { DependentModal } from './DependentModal';
import {
  birthdayOf,
  canDeleteDependent,
  dependentRowsOf,
  dependentsTexts as t,
  DEPENDENTS_PATH,
  kinshipLabel,
  newDependentId,
  type DependentRow,
} from './dependentRows';
import { ScrollTable } from '../../ui/components/ScrollTable';

const deletedStyle = { backgroundColor: 'var(--mantine-color-pink-1)', color: 'var(--mantine-color-red-9)' } as const;
const changedStyle = { fontWeight: 700, color: 'var(--mantine-color-blue-9)' } as const;
const inViewStyle = { outline: '2px solid var(--mantine-color-blue-5)', outlineOffset: -2 } as const;

/** A dependent's audit path: by its cstId ('parentFilhos.12'; domain audit-paths.ts). */
const rowPath = (row: DependentRow, index: number) => auditRowPath(DEPENDENTS_PATH, childRowId(DEPENDENTS_PATH, row, index));

/**
 * The Dependentes tab [2] (spec 1 §2, §4, §5 "Dependent", §6): the table (Nome, Parentesco, Aniversário) with the
 * expandable sub-row of each dependent's services; "Adicionar dependente"; a click on a row opens it; delete with
 * confirmation, refused while the dependent holds services not marked delete. Rows marked delete stay listed (pink,
 * restorable); nothing is final until the member is saved. Audit mode: read only, changed rows highlighted.
 */
export default function DependentsTab({ form, mode, dependentInView, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  const roles = useRoles();
  const { positions } = useUserTabLookups();
  const rows = dependentRowsOf(form.values);
  const inViewIndex = dependentInView === null ? -1 : rows.findIndex((r) => r.cstId === dependentInView);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(inViewIndex >= 0 ? [inViewIndex] : []));
  const [editing, setEditing] = useState<{ index: number | null; row: DependentRow } | null>(null);
  /** The saved dependent a new CCH request is for ('CCH - Novo' on the row). */
  const [cchFor, setCchFor] = useState<number | null>(null);
  const inViewRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    inViewRef.current?.scrollIntoView?.({ block: 'center' });
  }, []);
  const diffSets = useMemo(() => rows.map((row, i) => diffsInside(diffs, rowPath(row, i))), [rows, diffs]);

  if (!canView('dependents')) {
    return (
      <Text size="sm" c="dimmed">
        {t.noPermission}
      </Text>
    );
  }

  const editable = !readOnly && mode !== 'audit' && canEdit('dependents');
  const has = (role: Parameters<typeof hasRole>[1]) => hasRole(roles, role);
  const mayAdd = editable && has('v2depadd');
  const mayDelete = editable && has('v2depdelete');
  const viewServices = has('v2depservicoview') || has('v2depservicoedit');
  // Spec 1 §2 'CCH - Novo' for a dependent: the request is the dependent's (the holder's ledger pays it).
  const mayRequestCch = mode !== 'audit' && has(cchRoles.menu);
  const wholeListChanged = diffs.has(DEPENDENTS_PATH);

  const rowActions = markedRowActions<DependentRow>(form, DEPENDENTS_PATH, t);
  const { setRow, restore } = rowActions;
  const remove = (index: number, row: DependentRow) => {
    if (!canDeleteDependent(row)) {
      notifyError(memberMessages.dependentHasServices);
      return;
    }
    rowActions.remove(index, row);
  };
  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const save = (index: number | null, row: DependentRow) => {
    if (index === null) form.insertListItem(DEPENDENTS_PATH, { ...row, operation: 'insert' });
    else setRow(index, { ...row, operation: rows[index]?.operation === 'insert' ? 'insert' : 'update' });
    setEditing(null);
  };
  const columns = 4 + (viewServices ? 1 : 0);

  return (
    <Stack gap="sm">
      {mayAdd ? (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ index: null, row: emptyDependent(newDependentId()) })}>
            {t.add}
          </Button>
        </Group>
      ) : null}
      <ScrollTable minWidth={480}>
        <Table highlightOnHover aria-label="Dependentes" data-changed={wholeListChanged || undefined}>
          <Table.Thead>
            <Table.Tr>
              {viewServices ? (
                <Table.Th w={44}>
                  <VisuallyHidden>Serviços</VisuallyHidden>
                </Table.Th>
              ) : null}
              <Table.Th>Nome</Table.Th>
              <Table.Th>Parentesco</Table.Th>
              <Table.Th>Aniversário</Table.Th>
              <Table.Th w={mayRequestCch ? 96 : 60}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text size="sm" c="dimmed">
                    {t.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row, index) => {
              const deleted = row.operation === 'delete';
              const auditChanged = isChanged(diffs, rowPath(row, index));
              const marked = row.operation === 'insert' || row.operation === 'update' || auditChanged;
              const inView = index === inViewIndex;
              const style = { ...(deleted ? deletedStyle : marked ? changedStyle : {}), ...(inView ? inViewStyle : {}), cursor: 'pointer' };
              const services = (row.usuarioServicos ?? []) as NonNullable<DependentRow['usuarioServicos']>;
              const open = expanded.has(index);
              const name = row.custName ?? '';
              return (
                <Fragment key={row.cstId ?? `new-${index}`}>
                  <Table.Tr
                    ref={inView ? inViewRef : undefined}
                    style={style}
                    {...changedRowProps(auditChanged)}
                    data-operation={row.operation}
                    data-in-view={inView || undefined}
                    onClick={() => setEditing({ index, row })}
                  >
                    {viewServices ? (
                      <Table.Td onClick={(event) => event.stopPropagation()}>
                        <ActionIcon variant="subtle" aria-expanded={open} aria-label={`Serviços de ${name}`} onClick={() => toggle(index)}>
                          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
                        </ActionIcon>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <button type="button" className="mantine-focus-auto" style={rowButtonStyle} onClick={() => setEditing({ index, row })}>
                        {name}
                      </button>
                      <ChangedCue changed={auditChanged} />
                    </Table.Td>
                    <Table.Td>{kinshipLabel(row.custParentesco)}</Table.Td>
                    <Table.Td>{birthdayOf(row.custBirthdate)}</Table.Td>
                    <Table.Td onClick={(event) => event.stopPropagation()}>
                      <Group gap={4} wrap="nowrap">
                        {mayRequestCch && !deleted && row.operation !== 'insert' && row.cstId !== undefined && row.cstId > 0 ? (
                          <Tooltip label={cchTexts.newAction}>
                            <ActionIcon variant="subtle" aria-label={`${cchTexts.newAction}: ${name}`} onClick={() => setCchFor(row.cstId!)}>
                              <IconHealthRecognition size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                        {mayDelete ? (
                          deleted ? (
                            <Tooltip label="Recuperar">
                              <ActionIcon variant="subtle" aria-label={`Recuperar ${name}`} onClick={() => restore(index, row)}>
                                <IconArrowBackUp size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          ) : (
                            <Tooltip label="Apagar">
                              <ActionIcon variant="subtle" color="red" aria-label={`Apagar ${name}`} onClick={() => remove(index, row)}>
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          )
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {viewServices && open ? (
                    <Table.Tr data-services-of={row.cstId}>
                      <Table.Td />
                      <Table.Td colSpan={columns - 1}>
                        {services.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t.noServices}
                          </Text>
                        ) : (
                          <Table withRowBorders={false} aria-label={`Serviços de ${name}`}>
                            <Table.Thead>
                              <Table.Tr>
                                <Table.Th>Serviço</Table.Th>
                                <Table.Th ta="right">Valor</Table.Th>
                              </Table.Tr>
                            </Table.Thead>
                            <Table.Tbody>
                              {services.map((s, i) => {
                                const serviceChanged = isChanged(
                                  diffs,
                                  `${rowPath(row, index)}.${auditRowPath('usuarioServicos', childRowId('usuarioServicos', s, i))}`,
                                );
                                return (
                                  <Table.Tr
                                    key={s.cslId ?? `new-${i}`}
                                    style={s.operation === 'delete' ? deletedStyle : undefined}
                                    {...changedRowProps(serviceChanged)}
                                  >
                                    <Table.Td>
                                      {s.svcName ?? `Serviço ${s.svcId ?? ''}`}
                                      <ChangedCue changed={serviceChanged} />
                                    </Table.Td>
                                    <Table.Td ta="right">{formatCents((s.valor ?? 0) as Cents)}</Table.Td>
                                  </Table.Tr>
                                );
                              })}
                            </Table.Tbody>
                          </Table>
                        )}
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
        <DependentModal
          row={editing.row}
          isNew={editing.index === null}
          canEditData={editable && (editing.index === null || editing.row.operation === 'insert' ? has('v2depadd') : has('v2depedit'))}
          canEditAssociation={has('v2userdadosassoc')}
          canViewServices={viewServices}
          canEditServices={editable && has('v2depservicoedit')}
          readOnly={!editable}
          diffs={editing.index === null ? NO_DIFFS : (diffSets[editing.index] ?? NO_DIFFS)}
          positions={positions}
          onClose={() => setEditing(null)}
          onSave={(row) => save(editing.index, row)}
        />
      ) : null}
      {cchFor !== null ? <CchRequestModal cstId={cchFor} record={null} onClose={() => setCchFor(null)} onSaved={() => setCchFor(null)} /> : null}
    </Stack>
  );
}

const NO_DIFFS: ReadonlySet<string> = new Set();
/** The name opens the row from the keyboard too (a plain-looking button). */
const rowButtonStyle = { all: 'unset', cursor: 'pointer' } as const;
