import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  formatCents,
  formatDate,
  hasRole,
  REFUND_LIST_DEFAULT_STATUS,
  refundActorOf,
  refundContracts,
  refundDeletable,
  refundListStatuses,
  refundMessages,
  refundRoles,
  refundStatusInfo,
  refundTypeLabel,
  type RefundRecord,
  type RefundStatus,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { PagedTable } from '../ui/components/PagedTable';
import { StatusSearchBar, useStatusSearchList } from '../ui/components/StatusSearchList';
import { useRoles } from '../ui/components/RoleGate';
import { openConfirmDialog } from '../ui/confirm';
import { saveBlob } from '../ui/hooks/useBlobDownload';
import { notifyError, notifySuccess } from '../ui/notify';
import { RefundDialog } from './RefundDialog';
import { refundTexts } from './texts';

const PAGE_SIZE = 50;

/** The list's query key: every page of a status and search. */
export const refundListKey = (status?: number, query?: object) => [
  ...queryKeyOf(refundContracts.list),
  ...(status === undefined ? [] : [status, query]),
];

/**
 * /devolucao (spec 2 §2.3): the refunds of one status (opening on 1 EM ANÁLISE; without v2devapr the reduced list,
 * without APROVADOS), beyond the spec searched by name or CPF and paged by the server; 'Exportar Excel' downloads
 * 'devolução.xlsx' of the filter; 'Nova Devolução' and the edit icon open the dialog; superadmin's delete column. A
 * failed list or export is silent (spec 2 §8). Approvers also export the to-pay list of the C/C transfers (issue 27).
 */
export function RefundListScreen() {
  const roles = useRoles();
  const who = refundActorOf(roles);
  const [dialog, setDialog] = useState<{ record: RefundRecord | null } | null>(null);
  const [exporting, setExporting] = useState<'list' | 'toPay' | null>(null);
  const list = useStatusSearchList({
    initialStatus: REFUND_LIST_DEFAULT_STATUS as RefundStatus,
    pageSize: PAGE_SIZE,
    queryKey: refundListKey,
    fetchPage: (status, query, signal) => callApi(refundContracts.list, { params: { status }, query }, { signal }),
  });
  const { status, q, refresh } = list;
  const canRemove = hasRole(roles, refundRoles.remove);
  const statusOptions = refundListStatuses(who).map((s) => ({ value: String(s), label: refundStatusInfo[s].filter }));

  /** A file download whose failure only stops the indicator (spec 2 §8 "Refund export failure"). */
  const download = async (kind: 'list' | 'toPay') => {
    setExporting(kind);
    try {
      if (kind === 'list')
        saveBlob(await callApi(refundContracts.export, { params: { status }, query: q ? { q } : {} }), refundMessages.exportFileName);
      else saveBlob(await callApi(refundContracts.toPayExport, { query: {} }), refundMessages.toPayFileName);
    } catch {
      // Silent.
    } finally {
      setExporting(null);
    }
  };

  const remove = (row: RefundRecord) =>
    openConfirmDialog({
      title: refundTexts.removeTitle,
      message: refundTexts.removeQuestion(row.devId, row.custName),
      danger: true,
      onConfirm: () =>
        void callApi(refundContracts.remove, { params: { devId: row.devId }, query: { version: row.version } }).then(
          () => {
            notifySuccess(refundTexts.removed);
            void refresh();
          },
          (error: Error) => notifyError(error.message),
        ),
    });

  const actions = (row: RefundRecord) => (
    <Group gap={2} wrap="nowrap">
      <Tooltip label={refundTexts.edit}>
        <ActionIcon
          variant="subtle"
          aria-label={`${refundTexts.edit} devolução ${row.devId} de ${row.custName}`}
          onClick={() => setDialog({ record: row })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canRemove && refundDeletable(row.devStatus) ? (
        <Tooltip label={refundTexts.remove}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${refundTexts.remove} devolução ${row.devId} de ${row.custName}`}
            onClick={() => remove(row)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <StatusSearchBar statusLabel={refundTexts.status} statusOptions={statusOptions} searchLabel={refundTexts.search} list={list}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ record: null })}>
          {refundTexts.newAction}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={exporting === 'list'}
          onClick={() => void download('list')}
        >
          {refundTexts.exportExcel}
        </Button>
        {who === 'approver' ? (
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={exporting === 'toPay'}
            onClick={() => void download('toPay')}
          >
            {refundTexts.exportToPay}
          </Button>
        ) : null}
      </StatusSearchBar>
      <PagedTable<RefundRecord>
        // Spec 2 §8: a failure of the list is silent (the spinner stops).
        list={list.paged}
        pageSize={PAGE_SIZE}
        idAccessor="devId"
        noRecordsText={refundTexts.empty}
        columns={[
          { accessor: 'custName', title: refundTexts.columns.requester, width: 220 },
          { accessor: 'titNome', title: refundTexts.columns.holder, width: 220 },
          { accessor: 'createdDate', title: refundTexts.columns.created, noWrap: true, render: (r) => formatDate(r.createdDate) },
          { accessor: 'devTipo', title: refundTexts.columns.type, noWrap: true, render: (r) => refundTypeLabel(r.devTipo) },
          { accessor: 'svcName', title: refundTexts.columns.service },
          { accessor: 'devValor', title: refundTexts.columns.amount, textAlign: 'right', noWrap: true, render: (r) => formatCents(r.devValor) },
          { accessor: 'actions', title: refundTexts.columns.actions, noWrap: true, render: actions },
        ]}
      />
      {list.data && list.data.total > 0 ? (
        <Text size="sm" ta="right" data-testid="refund-totals">
          {refundMessages.totalOf(list.data.total, list.data.totalValor)}
        </Text>
      ) : null}
      {dialog ? (
        <RefundDialog
          record={dialog.record}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
