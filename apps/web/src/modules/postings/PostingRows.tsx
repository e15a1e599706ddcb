import { ActionIcon, Button, Group, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { formatCents, postingContracts, postingMessages, POSTING_PHONE_DIGITS, splitInstalments, type PostableService } from '@assoc/domain';
import { isApiError } from '../../app/api';
import { callApi } from '../../app/client';
import { MoneyInput, PhoneInput } from '../ui/inputs';
import { notifyError } from '../ui/notify';
import { MemberPicker } from './MemberPicker';
import { canAddRow, deleteRow, emptyRow, totalOf, type DraftRow } from './rows';
import { ScrollTable } from '../ui/components/ScrollTable';

export interface PostingRowsProps {
  service: PostableService;
  /** Phone mode (plugin lanccelular): the member comes from the phone typed. */
  byPhone: boolean;
  rows: DraftRow[];
  onRowsChange: Dispatch<SetStateAction<DraftRow[]>>;
}

/**
 * The rows of a posting (spec 2 §4 "Postings"): member (or phone), value (nonzero, a negative one is a discount),
 * instalments 1..svcMaxParcelas and the value per instalment, then the total. Value and instalments wait for the member.
 */
export function PostingRows({ service, byPhone, rows, onRowsChange }: PostingRowsProps) {
  const firstInputs = useRef(new Map<number, HTMLInputElement | null>());
  // The row to focus once rendered (added, or the neighbour of a deleted one).
  const pendingFocus = useRef<number | null>(null);
  // The number each row's lookup was started for: a late answer for an older number is dropped.
  const lookups = useRef(new Map<number, string>());

  useEffect(() => {
    if (pendingFocus.current === null) return;
    firstInputs.current.get(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  const update = (key: number, change: Partial<DraftRow>) =>
    onRowsChange((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const add = () => {
    if (!canAddRow(rows)) return;
    const fresh = emptyRow();
    pendingFocus.current = fresh.key;
    onRowsChange([...rows, fresh]);
  };

  const remove = (key: number) => {
    const next = deleteRow(rows, key);
    pendingFocus.current = next.focusKey;
    lookups.current.delete(key);
    onRowsChange(next.rows);
  };

  const lookUpPhone = async (key: number, digits: string) => {
    lookups.current.set(key, digits);
    const current = () => lookups.current.get(key) === digits;
    try {
      const found = await callApi(postingContracts.searchPhones, { body: { text: digits } });
      if (!current()) return;
      if (found.length === 1) update(key, { cstId: found[0]!.cstId, label: found[0]!.custName });
      else notifyError(found.length === 0 ? postingMessages.phoneNotFound : postingMessages.phoneSeveral);
    } catch (error) {
      if (!current() || (isApiError(error) && error.status === 401)) return;
      notifyError(postingMessages.phoneLookupFailed);
    }
  };

  const typePhone = (row: DraftRow, digits: string) => {
    if (digits === row.phone) return;
    update(row.key, { phone: digits, cstId: null, label: '' });
    if (digits.length === POSTING_PHONE_DIGITS) void lookUpPhone(row.key, digits);
    else lookups.current.delete(row.key);
  };

  const leavePhone = (row: DraftRow) => {
    if (row.phone !== '' && row.phone.length < POSTING_PHONE_DIGITS) {
      notifyError(postingMessages.phoneInvalid);
      lookups.current.delete(row.key);
      update(row.key, { phone: '', cstId: null, label: '' });
    }
  };

  const total = totalOf(rows);
  return (
    <>
      <ScrollTable minWidth={720}>
        <Table verticalSpacing="xs" aria-label="Linhas do lançamento">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              {byPhone && <Table.Th>Telefone</Table.Th>}
              <Table.Th>Associado</Table.Th>
              <Table.Th w={170}>Valor</Table.Th>
              <Table.Th w={110}>Parcelas</Table.Th>
              <Table.Th w={150}>Valor da parcela</Table.Th>
              <Table.Th w={56}>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              const noMember = row.cstId === null;
              const perInstalment = typeof row.value === 'number' && row.value !== 0 ? splitInstalments(row.value, row.parcelas)[0]! : null;
              return (
                <Table.Tr key={row.key} data-testid={`posting-row-${n}`}>
                  <Table.Td>{n}</Table.Td>
                  {byPhone && (
                    <Table.Td>
                      <PhoneInput
                        ref={(el) => void firstInputs.current.set(row.key, el)}
                        aria-label={`Telefone da linha ${n}`}
                        placeholder="(11) 11111-1111"
                        value={row.phone}
                        onChange={(digits) => typePhone(row, digits)}
                        onBlur={() => leavePhone(row)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    {byPhone ? (
                      <Text size="sm" aria-label={`Associado da linha ${n}`}>
                        {row.label || '—'}
                      </Text>
                    ) : (
                      <MemberPicker
                        ref={(el) => void firstInputs.current.set(row.key, el)}
                        label={`Associado da linha ${n}`}
                        onlyTitular={service.onlyTitular}
                        value={row.cstId === null ? null : { cstId: row.cstId, label: row.label }}
                        onChange={(member) => update(row.key, member ? { cstId: member.cstId, label: member.label } : { cstId: null, label: '' })}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`Valor da linha ${n}`}
                      disabled={noMember}
                      allowNegative
                      value={row.value}
                      error={row.value === 0 ? postingMessages.valueZero : undefined}
                      onChange={(cents) => update(row.key, { value: cents })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Parcelas da linha ${n}`}
                      disabled={noMember}
                      min={1}
                      max={service.parcelasMax}
                      clampBehavior="strict"
                      allowDecimal={false}
                      allowNegative={false}
                      value={row.parcelas}
                      onChange={(v) => update(row.key, { parcelas: Math.min(service.parcelasMax, Math.max(1, typeof v === 'number' ? v : 1)) })}
                    />
                  </Table.Td>
                  <Table.Td aria-label={`Valor da parcela da linha ${n}`}>{perInstalment === null ? '—' : formatCents(perInstalment)}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Excluir linha ${n}`} onClick={() => remove(row.key)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      <Group justify="space-between">
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={!canAddRow(rows)} onClick={add}>
          Adicionar linha
        </Button>
        <Text fw={600} aria-live="polite">
          Total: {formatCents(total)}
        </Text>
      </Group>
    </>
  );
}
