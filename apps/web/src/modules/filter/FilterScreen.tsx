import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceFloppy, IconFileSpreadsheet, IconFileText, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RuleGroupType } from 'react-querybuilder';
import {
  defaultFilterColumns,
  filterContracts,
  filterQuerySchema,
  genericMessages,
  isoDateInAppZone,
  type FilterExportJob,
  type FilterQuery,
  type FilterRow,
  type FilterSort,
  type SavedFilter,
} from '@assoc/domain';
import { isApiError } from '../../app/api';
import { callApi, queryKeyOf } from '../../app/client';
import { useOpenPerson } from '../people/hooks/useOpenPerson';
import { openConfirmDialog } from '../ui/confirm';
import { saveBlob } from '../ui/hooks/useBlobDownload';
import { notifyError, notifySuccess } from '../ui/notify';
import { ColumnPicker } from './ColumnPicker';
import { FilterBuilder } from './FilterBuilder';
import { FilterResults } from './FilterResults';
import { SavedFilterModal } from './SavedFilterModal';
import { filterTexts as t } from './texts';

const PAGE_SIZE = 50;
const newQuery = (): RuleGroupType => ({ combinator: 'and', rules: [] });

/** The first message of an incomplete or invalid query, or null when it can run. */
function queryProblem(query: RuleGroupType): string | null {
  const parsed = filterQuerySchema.safeParse(query);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? t.incomplete);
}

type Editing = { mode: 'create' } | { mode: 'edit'; filter: SavedFilter } | null;

/**
 * /filter (decision 12; issue 29 item 1): the criteria (react-querybuilder over the domain's catalogue), the count at
 * once, the chosen columns in order, the result paged and sorted by the server, a row opening its member, the exports
 * (XLSX, CSV; a background job above 5,000 rows) and the saved filters (own ones saved, renamed, shared, deleted; the
 * ones shared with the user read-only).
 */
export function FilterScreen() {
  const queryClient = useQueryClient();
  const openPerson = useOpenPerson();
  const [query, setQuery] = useState<RuleGroupType>(newQuery);
  const [columns, setColumns] = useState<string[]>([...defaultFilterColumns]);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<FilterSort | undefined>(undefined);
  const [selected, setSelected] = useState<SavedFilter | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);

  const options = useQuery({
    queryKey: queryKeyOf(filterContracts.options),
    queryFn: ({ signal }) => callApi(filterContracts.options, {}, { signal }),
  });
  const saved = useQuery({
    queryKey: queryKeyOf(filterContracts.savedList),
    queryFn: ({ signal }) => callApi(filterContracts.savedList, {}, { signal }),
  });
  const users = useQuery({
    queryKey: queryKeyOf(filterContracts.users),
    queryFn: ({ signal }) => callApi(filterContracts.users, {}, { signal }),
    enabled: editing !== null,
  });

  const problem = queryProblem(query);
  const [request] = useDebouncedValue({ query: query as FilterQuery, columns, page, pageSize: PAGE_SIZE, ...(sort ? { sort } : {}) }, 250);
  const result = useQuery({
    queryKey: [...queryKeyOf(filterContracts.run), request],
    queryFn: ({ signal }) => callApi(filterContracts.run, { body: request }, { signal }),
    enabled: queryProblem(request.query as RuleGroupType) === null,
    placeholderData: keepPreviousData,
  });

  const changeQuery = (q: RuleGroupType) => {
    setQuery(q);
    setPage(1);
  };
  const load = (filter: SavedFilter | null) => {
    setSelected(filter);
    setQuery(filter ? (filter.query as RuleGroupType) : newQuery());
    setColumns(filter ? [...filter.columns] : [...defaultFilterColumns]);
    setPage(1);
    setSort(undefined);
  };
  const open = (row: FilterRow) => openPerson({ cstId: row.cstId, parentId: row.holderId === row.cstId ? null : row.holderId, isTerceiro: false });

  const refreshSaved = () => queryClient.invalidateQueries({ queryKey: queryKeyOf(filterContracts.savedList) });
  /** A stale save (409): the list reloads and the selected filter takes its newest version, so a new save can go. */
  const reloadSelected = async () => {
    const list = await queryClient.fetchQuery({
      queryKey: queryKeyOf(filterContracts.savedList),
      queryFn: () => callApi(filterContracts.savedList),
      staleTime: 0,
    });
    setSelected((current) => (current ? (list.find((f) => f.id === current.id) ?? null) : null));
  };
  const failed = (error: unknown) => {
    if (isApiError(error) && error.status === 409) void reloadSelected().catch(() => undefined);
    if (!isApiError(error) || error.status !== 401) notifyError(isApiError(error) ? error.message : genericMessages.requestFailed);
  };

  async function save(name: string, sharedWith: number[]) {
    const body = { name, query: query as FilterQuery, columns, sharedWith };
    try {
      const filter =
        editing?.mode === 'edit'
          ? await callApi(filterContracts.savedUpdate, { params: { id: editing.filter.id }, body: { ...body, version: editing.filter.version } })
          : await callApi(filterContracts.savedCreate, { body });
      notifySuccess(t.savedOk);
      setSelected(filter);
      setEditing(null);
      await refreshSaved();
    } catch (error) {
      failed(error);
    }
  }

  /** "Salvar" on an own filter: the current criteria and columns under its name and shares. */
  async function saveCurrent(filter: SavedFilter) {
    try {
      const next = await callApi(filterContracts.savedUpdate, {
        params: { id: filter.id },
        body: {
          name: filter.name,
          query: query as FilterQuery,
          columns,
          sharedWith: filter.sharedWith.map((u) => u.userId),
          version: filter.version,
        },
      });
      setSelected(next);
      notifySuccess(t.savedOk);
      await refreshSaved();
    } catch (error) {
      failed(error);
    }
  }

  function remove(filter: SavedFilter) {
    openConfirmDialog({
      title: t.remove,
      message: t.removeQuestion(filter.name),
      danger: true,
      onConfirm: () => {
        void callApi(filterContracts.savedRemove, { params: { id: filter.id }, query: { version: filter.version } })
          .then(async () => {
            notifySuccess(t.removedOk);
            load(null);
            await refreshSaved();
          })
          .catch(failed);
      },
    });
  }

  async function exportAs(format: 'xlsx' | 'csv') {
    setExporting(format);
    try {
      const blob = await callApi(filterContracts.export, { body: { query: query as FilterQuery, columns, format, ...(sort ? { sort } : {}) } });
      if (blob.type.startsWith('application/json')) {
        // Above 5,000 rows: the job builds the file; its progress and the file are in the bell.
        const started = JSON.parse(await blob.text()) as Partial<FilterExportJob>;
        notifySuccess(typeof started.message === 'string' ? started.message : genericMessages.processing);
      } else saveBlob(blob, `Filtro_${isoDateInAppZone()}.${format}`);
    } catch (error) {
      failed(error);
    } finally {
      setExporting(null);
    }
  }

  const savedOptions = (saved.data ?? []).map((f) => ({ value: String(f.id), label: f.own ? f.name : `${f.name} (${t.sharedBy(f.ownerName)})` }));
  const total = result.data?.total;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t.saved}
            placeholder={t.savedPlaceholder}
            w={320}
            data={savedOptions}
            value={selected ? String(selected.id) : null}
            onChange={(id) => load(saved.data?.find((f) => String(f.id) === id) ?? null)}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => load(null)}>
            {t.newFilter}
          </Button>
          {selected?.own && (
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void saveCurrent(selected)} disabled={problem !== null}>
              {t.save}
            </Button>
          )}
          <Button
            variant={selected?.own ? 'light' : 'filled'}
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={() => setEditing({ mode: 'create' })}
            disabled={problem !== null}
          >
            {selected ? t.saveAs : t.save}
          </Button>
          {selected?.own && (
            <>
              <Button
                variant="light"
                leftSection={<IconPencil size={16} />}
                onClick={() => setEditing({ mode: 'edit', filter: selected })}
                disabled={problem !== null}
              >
                {t.edit}
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => remove(selected)}>
                {t.remove}
              </Button>
            </>
          )}
        </Group>
        {selected && !selected.own && (
          <Text size="xs" c="dimmed" mt="xs">
            {t.readOnly}
          </Text>
        )}
      </Paper>

      <Paper withBorder p="sm" radius="md">
        <Text fw={500} mb="xs" component="h2" size="md">
          {t.criteria}
        </Text>
        <FilterBuilder query={query} onChange={changeQuery} options={options.data} />
      </Paper>

      <Paper withBorder p="sm" radius="md">
        <ColumnPicker
          value={columns}
          onChange={(next) => {
            setColumns(next);
            if (sort && !next.includes(sort.column)) setSort(undefined);
          }}
        />
      </Paper>

      <Group justify="space-between" align="center">
        <Text fw={600} role="status" aria-live="polite">
          {problem ? t.incomplete : total === undefined ? t.counting : t.count(total)}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting === 'xlsx'}
            disabled={problem !== null || columns.length === 0 || exporting !== null}
            onClick={() => void exportAs('xlsx')}
          >
            {t.exportXlsx}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileText size={16} />}
            loading={exporting === 'csv'}
            disabled={problem !== null || columns.length === 0 || exporting !== null}
            onClick={() => void exportAs('csv')}
          >
            {t.exportCsv}
          </Button>
        </Group>
      </Group>
      {problem && query.rules.length > 0 && (
        <Alert color="yellow" variant="light">
          {problem}
        </Alert>
      )}

      <FilterResults
        columns={columns}
        rows={result.data?.rows ?? []}
        total={total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={result.isFetching}
        sort={sort}
        onPage={setPage}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        onOpen={open}
      />

      {editing && (
        <SavedFilterModal
          title={editing.mode === 'edit' ? t.editTitle : t.saveTitle}
          initialName={editing.mode === 'edit' ? editing.filter.name : ''}
          initialShares={editing.mode === 'edit' ? editing.filter.sharedWith.map((u) => u.userId) : []}
          users={users.data ?? []}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
