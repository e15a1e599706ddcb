import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import type { z } from 'zod';
import { registryMessages } from '@assoc/domain';
import { isUnauthorized } from '../../../app/api';
import { openConfirmDialog } from '../confirm';
import { FormFields, type FieldConfig } from './FormFields';
import { FormModal } from './FormModal';
import { ZodFormModal } from './ZodFormModal';
import type { RowMarker } from './sessionMarks';
import { crudFailureMessage, isStaleRecord, useCrudResource, type CrudCalls, type CrudRow } from './useCrudResource';
import { StaleRecordAlert } from './StaleRecordAlert';
import { notifyError } from '../notify';
import type { AppForm, FormValues } from '../form';
import { PageTitle } from '../components/PageTitle';
import { AppDataTable } from '../components/ScrollTable';
import { ROW_ACTION, useRowActionsFocus } from '../components/useRowActionsFocus';

export interface CrudColumn<T> {
  accessor: keyof T & string;
  title: string;
  /** Sortable unless false. */
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  /** Text used by the filter box and for sorting; defaults to the field's value. */
  text?: (row: T) => string;
  /** Sort key when it differs from the text (dates, numbers). */
  sortValue?: (row: T) => string | number;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
}

export interface CrudFormContext<T> {
  form: AppForm;
  mode: 'new' | 'edit';
  row?: T;
}

export interface CrudTableProps<T extends Record<string, unknown>> {
  /** Screen heading; omit inside tabs. */
  title?: string;
  /** The registry's calls: contracts of the domain (`registryCalls(feriadoContracts)`, or nested lists' own). */
  calls: CrudCalls;
  keyField: keyof T & string;
  /** The domain's form schema of the registry. */
  schema: z.ZodType;
  /** Values of a new record. */
  newValues: () => FormValues;
  /** Form values of a row; defaults to the row itself. */
  toValues?: (row: T) => FormValues;
  /**
   * Loads the full record before editing (a region with its cities, GET regiao/{id}); the modal shows
   * a loading indicator meanwhile. On failure the indicator stops and the row's values are used.
   */
  loadValues?: (row: T) => Promise<FormValues>;
  columns: CrudColumn<T>[];
  /** Generic fields of the modal form… */
  fields?: readonly FieldConfig[];
  /** …or a registry's own form body built on the same form state. */
  renderForm?: (context: CrudFormContext<T>) => ReactNode;
  /** Modal title ('Feriado'). */
  modalTitle: string;
  modalSize?: string;
  /** Opens this record in edit mode once the list has it (a third party opened from the search). */
  openKey?: number | null;
  /** Shows the delete action (default true); false for records that are deactivated instead. */
  allowDelete?: boolean;
}

const MARKERS: Record<RowMarker, { label: string; color: string; background: string }> = {
  insert: { label: 'Novo', color: 'blue', background: 'blue.1' },
  update: { label: 'Alterado', color: 'yellow', background: 'yellow.1' },
  delete: { label: 'Apagado', color: 'pink', background: 'pink.1' },
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/**
 * The one generic registry table (spec 1 §4, spec 3 §4): list with sortable columns and a filter box,
 * all rows at once; new and edit modes in a modal whose Ok button follows the form's state; row
 * markers of this session; delete and restore with the spec's confirmations.
 */
export function CrudTable<T extends Record<string, unknown>>(props: CrudTableProps<T>) {
  const { title, keyField, columns, modalTitle, openKey } = props;
  const resource = useCrudResource<T>(props.calls, keyField);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ mode: 'new' | 'edit'; row?: T; seq: number; stale?: boolean } | null>(null);
  const seq = useRef(0);
  const firstSortable = columns.find((c) => c.sortable !== false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<CrudRow<T>>>({
    columnAccessor: firstSortable?.accessor ?? keyField,
    direction: 'asc',
  });
  const textOf = (column: CrudColumn<T>, row: T) => (column.text ? column.text(row) : String(row[column.accessor] ?? ''));

  const rowActions = useRowActionsFocus();
  const openEdit = (row: T) => setEditing({ mode: 'edit', row, seq: ++seq.current });
  const openNew = () => setEditing({ mode: 'new', seq: ++seq.current });
  /**
   * Recarregar after a save over a newer version (decision 5): the fresh record opens in a new modal
   * (loadValues runs again), dropping the unsaved edits; a record deleted meanwhile closes the modal.
   */
  const reloadEditing = async () => {
    const row = editing?.row;
    if (!row) return;
    try {
      const fresh = (await resource.refetch()).find((r) => resource.keyOf(r) === resource.keyOf(row));
      if (!fresh) notifyError(registryMessages.notFound);
      setEditing(fresh ? { mode: 'edit', row: fresh, seq: ++seq.current } : null);
    } catch (error) {
      notifyError(crudFailureMessage(error));
    }
  };

  // Open a record asked for by the route state, once.
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (openKey == null || opened.current === openKey) return;
    const row = resource.rows.find((r) => resource.keyOf(r) === openKey && r.__marker !== 'delete');
    if (row) {
      opened.current = openKey;
      openEdit(row);
    }
  }, [openKey, resource.rows]); // eslint-disable-line react-hooks/exhaustive-deps

  const records = useMemo(() => {
    const needle = fold(filter.trim());
    const shown = needle ? resource.rows.filter((row) => columns.some((c) => fold(textOf(c, row)).includes(needle))) : resource.rows;
    const column = columns.find((c) => c.accessor === sortStatus.columnAccessor);
    if (!column) return shown;
    const value = (row: T) => (column.sortValue ? column.sortValue(row) : textOf(column, row));
    const sorted = [...shown].sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      return typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    });
    return sortStatus.direction === 'desc' ? sorted.reverse() : sorted;
  }, [resource.rows, filter, sortStatus, columns]); // eslint-disable-line react-hooks/exhaustive-deps

  const valuesOf = (row: T) => (props.toValues ? props.toValues(row) : { ...row });

  const confirmDelete = (row: T) =>
    openConfirmDialog({
      title: registryMessages.deleteTitle,
      message: registryMessages.deleteQuestion,
      danger: true,
      onConfirm: () => void resource.remove(row).catch(() => {}),
    });

  const confirmRestore = (row: T) =>
    openConfirmDialog({
      title: registryMessages.restoreTitle,
      message: registryMessages.restoreQuestion,
      onConfirm: () => {
        const parsed = props.schema.safeParse(valuesOf(row));
        const body = (parsed.success ? parsed.data : valuesOf(row)) as Record<string, unknown>;
        void resource.restore(row, body).catch(() => {});
      },
    });

  // The marker badge column only takes room once some row changed in this session.
  const markerColumn: DataTableColumn<CrudRow<T>>[] = resource.rows.some((row) => row.__marker)
    ? [
        {
          accessor: '__marker',
          title: '',
          width: 112,
          render: (row) => {
            const marker = row.__marker ? MARKERS[row.__marker] : undefined;
            return marker ? (
              <Badge color={marker.color} variant="filled" size="sm">
                {marker.label}
              </Badge>
            ) : null;
          },
        },
      ]
    : [];
  const tableColumns: DataTableColumn<CrudRow<T>>[] = [
    ...markerColumn,
    ...columns.map((column): DataTableColumn<CrudRow<T>> => ({
      accessor: column.accessor,
      title: column.title,
      sortable: column.sortable !== false,
      width: column.width,
      textAlign: column.textAlign,
      render: column.render ? (row) => column.render!(row) : (row) => textOf(column, row),
    })),
    {
      accessor: '__actions',
      title: 'Ações',
      textAlign: 'right',
      width: 100,
      render: (row) =>
        row.__marker === 'delete' ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label="Recuperar">
              <ActionIcon variant="subtle" color="pink" aria-label="Recuperar" {...{ [ROW_ACTION]: '' }} onClick={() => confirmRestore(row)}>
                <IconArrowBackUp size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label="Editar" {...{ [ROW_ACTION]: '' }} onClick={() => openEdit(row)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {props.allowDelete === false ? null : (
              <Tooltip label="Apagar">
                <ActionIcon variant="subtle" color="red" aria-label="Apagar" {...{ [ROW_ACTION]: '' }} onClick={() => confirmDelete(row)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {title ? <PageTitle>{title}</PageTitle> : <span />}
        <Group gap="sm" align="flex-end">
          <TextInput
            aria-label="Filtrar"
            placeholder="Filtrar"
            leftSection={<IconSearch size={16} />}
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
            w={260}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            Novo
          </Button>
        </Group>
      </Group>
      {resource.error && !isUnauthorized(resource.error) ? (
        <Alert color="red" variant="light">
          {crudFailureMessage(resource.error)}
        </Alert>
      ) : null}
      {/* Row actions are one Tab stop (arrow keys between them); Ações stays pinned on narrow screens. */}
      <div {...rowActions}>
        <AppDataTable<CrudRow<T>>
          label={title ?? modalTitle}
          pinLastColumn
          withTableBorder
          borderRadius="sm"
          striped={false}
          highlightOnHover
          minHeight={records.length ? undefined : 160}
          fetching={resource.isLoading}
          idAccessor={(row) => `${resource.keyOf(row)}`}
          records={records}
          columns={tableColumns}
          sortStatus={sortStatus}
          onSortStatusChange={setSortStatus}
          noRecordsText="Nenhum registro encontrado"
          rowBackgroundColor={(row) => (row.__marker ? MARKERS[row.__marker].background : undefined)}
          customRowAttributes={(row) => ({ 'data-marker': row.__marker ?? 'none' })}
          onRowDoubleClick={({ record }) => (record.__marker === 'delete' ? undefined : openEdit(record))}
        />
      </div>
      <Text size="xs" c="dimmed">
        {records.length === 1 ? '1 registro' : `${records.length} registros`}
      </Text>
      {editing ? (
        <CrudFormModal<T>
          key={editing.seq}
          mode={editing.mode}
          row={editing.row}
          title={modalTitle}
          size={props.modalSize}
          schema={props.schema}
          initial={editing.row ? valuesOf(editing.row) : props.newValues()}
          load={editing.row && props.loadValues ? () => props.loadValues!(editing.row!) : undefined}
          fields={props.fields}
          renderForm={props.renderForm}
          saving={resource.saving}
          stale={editing.stale === true}
          onReload={() => void reloadEditing()}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            try {
              if (editing.mode === 'new') await resource.add(body);
              else await resource.update(resource.keyOf(editing.row!), body);
              setEditing(null);
            } catch (error) {
              // The modal stays open with the data; a save over a newer version offers Recarregar in it,
              // a refusal (400) goes on to the form, which puts its field errors under the fields.
              if (isStaleRecord(error)) setEditing((current) => (current ? { ...current, stale: true } : current));
              else throw error;
            }
          }}
        />
      ) : null}
    </Stack>
  );
}

interface CrudFormModalProps<T> {
  mode: 'new' | 'edit';
  row?: T;
  title: string;
  size?: string;
  schema: z.ZodType;
  initial: FormValues;
  /** Loads the values to edit (see CrudTableProps.loadValues). */
  load?: () => Promise<FormValues>;
  fields?: readonly FieldConfig[];
  renderForm?: (context: CrudFormContext<T>) => ReactNode;
  saving: boolean;
  /** The last save met a newer version (409): the form shows the message and Recarregar. */
  stale?: boolean;
  onReload?: () => void;
  onClose: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
}

function CrudFormModal<T>(props: CrudFormModalProps<T>) {
  const { load, initial } = props;
  const [start, setStart] = useState<FormValues | null>(load ? null : initial);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (values) => live && setStart(values),
      () => live && setStart(initial),
    );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  if (!start) {
    return (
      <FormModal opened loading title={props.title} size={props.size} valid changed={false} onClose={props.onClose} onSave={() => {}}>
        {null}
      </FormModal>
    );
  }
  return <CrudForm<T> {...props} initial={start} />;
}

function CrudForm<T>({
  mode,
  row,
  title,
  size,
  schema,
  initial,
  fields,
  renderForm,
  saving,
  stale,
  onReload,
  onClose,
  onSave,
}: CrudFormModalProps<T>) {
  return (
    <ZodFormModal title={title} size={size} schema={schema} initial={initial} saving={saving} onClose={onClose} onSave={onSave}>
      {(form) => (
        <>
          {stale && onReload ? <StaleRecordAlert onReload={onReload} /> : null}
          {renderForm ? renderForm({ form, mode, row }) : <FormFields fields={fields ?? []} form={form} />}
        </>
      )}
    </ZodFormModal>
  );
}
