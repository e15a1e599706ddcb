import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  isRefundStatus,
  refundActorOf,
  refundContracts,
  refundLimits,
  refundNotesEnabled,
  refundSchema,
  refundStatusInfo,
  refundStatusOptions,
  refundStatusSelectorShown,
  refundTypeLabels,
  refundTypes,
  serviceContracts,
  type RefundInput,
  type RefundRecord,
  type RefundSearchRow,
  type RefundStatus,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { useRoles } from '../ui/components/RoleGate';
import { FormModal } from '../ui/crud/FormModal';
import { useAppForm, useFormSave } from '../ui/form';
import { MoneyInput } from '../ui/inputs';
import { notifySuccess } from '../ui/notify';
import { refundTexts } from './texts';

export interface RefundDialogProps {
  /** The refund being changed (a list row); null: 'Nova Devolução'. */
  record: RefundRecord | null;
  onClose: () => void;
  onSaved: (record: RefundRecord) => void;
}

/** The form's values: a stored refund's own fields, or a new one's (spec 2 §3: status 1, type 1, empty notes). */
function initialValuesOf(record: RefundRecord | null) {
  return {
    cstId: record?.cstId ?? (null as number | null),
    titId: record?.titId ?? (null as number | null),
    custName: record?.custName ?? '',
    titNome: record?.titNome ?? '',
    custCpf: record?.custCpf ?? '',
    devStatus: record?.devStatus ?? 1,
    devTipo: record?.devTipo ?? 1,
    devValor: record?.devValor ?? (null as number | null),
    supId: record?.supId ?? (null as number | null),
    sucId: record?.sucId ?? (null as number | null),
    svcId: record?.svcId ?? (null as number | null),
    observacoes: record?.observacoes ?? '',
    version: record?.version,
  };
}

const asOptions = <T,>(rows: T[] | undefined, value: (r: T) => number, label: (r: T) => string) =>
  (rows ?? []).map((r) => ({ value: String(value(r)), label: label(r) }));
const idOf = (value: string | null) => (value === null ? null : Number(value));

/** 'Nova Devolução' starts with the member search (GET devolucao/search); a failed search is an empty list (spec 2 §8). */
function MemberSearch({ onChoose, error }: { onChoose: (row: RefundSearchRow) => void; error?: string | undefined }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useQuery({
    queryKey: queryKeyOf(refundContracts.search, { query: { q } }),
    queryFn: ({ signal }) => callApi(refundContracts.search, { query: { q } }, { signal }),
    enabled: q.length >= 3,
    retry: false,
  });
  const rows = results.isError ? [] : (results.data ?? []);
  return (
    <Select
      label={refundTexts.memberSearch}
      description={refundTexts.memberSearchHint}
      withAsterisk
      searchable
      clearable
      data-autofocus
      leftSection={<IconSearch size={16} aria-hidden />}
      searchValue={text}
      onSearchChange={setText}
      // The server filters (name words, CPF); the list shows its answer as it is.
      filter={({ options }) => options}
      data={rows.map((r) => ({ value: String(r.cstId), label: refundTexts.memberOption(r.custName, r.custTitularName, r.titular) }))}
      value={chosen}
      onChange={(value) => {
        setChosen(value);
        const row = rows.find((r) => String(r.cstId) === value);
        if (row) onChoose(row);
      }}
      nothingFoundMessage={q.length >= 3 && !results.isFetching ? 'Nenhum associado encontrado' : undefined}
      error={error}
    />
  );
}

/**
 * The refund dialog (spec 2 §2.3, §4, §5): 'Nova Devolução' (member search first) or 'Alteração'. Every rule is the
 * domain's `refundSchema`, given the user's role and the stored status, so the status choices and messages are the
 * server's; in 'Alteração' type, amount, supplier, product and service are disabled; the status selector shows while the
 * status is 2 or lower and the notes are disabled from 3; supplier → product → service load in cascade and clearing a
 * level clears those below.
 */
export function RefundDialog({ record, onClose, onSaved }: RefundDialogProps) {
  const roles = useRoles();
  const who = refundActorOf(roles);
  const adding = record === null;
  const stored: RefundStatus | null = record && isRefundStatus(record.devStatus) ? record.devStatus : null;
  const [initial] = useState(() => initialValuesOf(record) as unknown as RefundInput);
  const schema = useMemo(() => refundSchema({ actor: who, previousStatus: stored }), [who, stored]);
  const form = useAppForm(schema, initial);
  const v = form.values;

  const suppliers = useQuery({
    queryKey: queryKeyOf(serviceContracts.listSuppliers),
    queryFn: ({ signal }) => callApi(serviceContracts.listSuppliers, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const supId = v.supId ?? null;
  const sucId = v.sucId ?? null;
  const products = useQuery({
    queryKey: queryKeyOf(serviceContracts.listProducts, { params: { supId: supId! } }),
    queryFn: ({ signal }) => callApi(serviceContracts.listProducts, { params: { supId: supId! } }, { signal }),
    enabled: supId !== null,
    staleTime: 5 * 60_000,
  });
  const services = useQuery({
    queryKey: queryKeyOf(serviceContracts.listServices, { params: { sucId: sucId! } }),
    queryFn: ({ signal }) => callApi(serviceContracts.listServices, { params: { sucId: sucId! } }, { signal }),
    enabled: sucId !== null,
    staleTime: 5 * 60_000,
  });

  const choose = (row: RefundSearchRow) =>
    form.setMany({
      cstId: row.cstId,
      titId: row.parentId ?? row.cstId,
      custName: row.custName,
      titNome: row.custTitularName,
      custCpf: row.custCPF ?? '',
    });

  const { saving, conflict, save } = useFormSave(
    form,
    () => {
      const body = form.parsed();
      return record
        ? callApi(refundContracts.update, { params: { devId: record.devId }, body: { ...body, version: record.version } })
        : callApi(refundContracts.create, { body });
    },
    (saved) => {
      notifySuccess(refundTexts.saved);
      onSaved(saved);
    },
  );

  const options = refundStatusOptions(who, stored);
  const statusData = (stored !== null && !options.includes(stored) ? [stored, ...options] : options).map((s) => ({
    value: String(s),
    label: refundStatusInfo[s].label,
  }));
  const locked = !adding;
  const personMissing = adding && !v.cstId;

  return (
    <FormModal
      opened
      title={adding ? refundTexts.newTitle : refundTexts.editTitle}
      okLabel={adding ? refundTexts.add : refundTexts.update}
      size="48rem"
      valid={form.valid}
      changed={form.changed}
      saving={saving}
      onSave={() => void save()}
      onClose={onClose}
      conflict={conflict}
    >
      <Stack gap="sm">
        {adding ? <MemberSearch onChoose={choose} error={personMissing ? form.errorOf('cstId') : undefined} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {refundStatusSelectorShown(stored) ? (
            <Select
              label={refundTexts.status}
              withAsterisk
              data={statusData}
              value={String(v.devStatus)}
              allowDeselect={false}
              onChange={(value) => form.setValue('devStatus', Number(value))}
              error={form.errorOf('devStatus')}
              disabled={options.length <= 1 && stored !== null && !options.includes(stored)}
            />
          ) : (
            <TextInput label={refundTexts.status} value={stored ? refundStatusInfo[stored].label : ''} readOnly />
          )}
          <Select
            label={refundTexts.returnPlace}
            withAsterisk
            data={refundTypes.map((t) => ({ value: String(t), label: refundTypeLabels[t] }))}
            value={v.devTipo == null ? null : String(v.devTipo)}
            allowDeselect={false}
            onChange={(value) => form.setValue('devTipo', idOf(value))}
            error={form.errorOf('devTipo')}
            disabled={locked}
          />
          <TextInput label={refundTexts.requester} value={v.custName ?? ''} readOnly error={form.errorOf('custName')} />
          <TextInput label={refundTexts.holder} value={v.titNome ?? ''} readOnly error={form.errorOf('titNome')} />
          <MoneyInput label={refundTexts.amount} withAsterisk {...form.getInputProps('devValor')} disabled={locked} />
          <Select
            label={refundTexts.supplier}
            withAsterisk
            searchable
            clearable
            data={asOptions(
              suppliers.data,
              (s) => s.supId,
              (s) => s.supName,
            )}
            value={supId === null ? null : String(supId)}
            // Choosing or clearing a supplier clears the product and the service (spec 2 §4).
            onChange={(value) => form.setMany({ supId: idOf(value), sucId: null, svcId: null } as unknown as Partial<RefundInput>)}
            onBlur={() => form.touch('supId')}
            error={form.errorOf('supId')}
            disabled={locked}
          />
          <Select
            label={refundTexts.product}
            withAsterisk
            searchable
            clearable
            data={asOptions(
              products.data,
              (p) => p.sucId,
              (p) => p.sucName,
            )}
            value={sucId === null ? null : String(sucId)}
            onChange={(value) => form.setMany({ sucId: idOf(value), svcId: null } as unknown as Partial<RefundInput>)}
            onBlur={() => form.touch('sucId')}
            error={form.errorOf('sucId')}
            disabled={locked || supId === null}
          />
          <Select
            label={refundTexts.service}
            withAsterisk
            searchable
            clearable
            data={asOptions(
              services.data,
              (s) => s.svcId,
              (s) => s.svcName,
            )}
            value={v.svcId == null ? null : String(v.svcId)}
            onChange={(value) => form.setValue('svcId', idOf(value))}
            onBlur={() => form.touch('svcId')}
            error={form.errorOf('svcId')}
            disabled={locked || sucId === null}
          />
        </SimpleGrid>
        <Textarea
          label={refundTexts.notes}
          // 6 rows, stretchable by hand (spec 2 §5: 6 to 30 rows; Mantine's autosize needs document.fonts).
          rows={refundLimits.notesMinRows}
          resize="vertical"
          {...form.textProps('observacoes', refundLimits.notes)}
          disabled={!refundNotesEnabled(stored)}
        />
      </Stack>
    </FormModal>
  );
}
