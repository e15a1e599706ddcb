import { ActionIcon, Badge, Group, Stack, Tooltip } from '@mantine/core';
import { IconBan, IconDownload, IconFileCheck, IconFileX, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CCH_LIST_DEFAULT_STATUS,
  cchBenefitLabels,
  cchContracts,
  cchMessages,
  cchRoles,
  cchStatuses,
  cchStatusInfo,
  formatCents,
  formatDate,
  hasRole,
  isCchBenefit,
  isCchStatus,
  type CchListRow,
  type CchStatus,
} from '@assoc/domain';
import { apiUrl, callApi, queryKeyOf } from '../../app/client';
import { PagedTable } from '../ui/components/PagedTable';
import { StatusSearchBar, useStatusSearchList } from '../ui/components/StatusSearchList';
import { useRoles } from '../ui/components/RoleGate';
import { openConfirmDialog } from '../ui/confirm';
import { notifyError, notifySuccess } from '../ui/notify';
import { CchRequestModal } from './CchRequestModal';
import { cchTexts } from './texts';

const PAGE_SIZE = 50;
const statusOptions = cchStatuses.map((s) => ({ value: String(s), label: cchStatusInfo[s].label }));

/** The list's query key: every page of a status and search (the path's `rnd` is left out: it only breaks caches). */
export const cchListKey = (status?: number, query?: object) => [...queryKeyOf(cchContracts.list), ...(status === undefined ? [] : [status, query])];

export function CchStatusBadge({ status }: { status: number }) {
  if (!isCchStatus(status)) return null;
  return (
    // Its own width: in a crowded row the table shrank it to "EM A…".
    <Badge color={cchStatusInfo[status].color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} miw="max-content">
      {cchStatusInfo[status].label}
    </Badge>
  );
}

/**
 * /cch (spec 2 §2.1; the home of a CCH-only user): the requests of one status (opening on 2, EM ANÁLISE), beyond the
 * spec searched by name or CPF and paged by the server. The icons follow the roles: the scan (v2cchdownload), the edit
 * modal (v2cchbeneficioedit), the letters, the cancel of a PAGO (v2cchbeneficioedit) and the delete (superadmin). A
 * list failure is silent, the spinner stops (spec 2 §8).
 */
export function CchListScreen() {
  const roles = useRoles();
  const [editing, setEditing] = useState<CchListRow | null>(null);
  const list = useStatusSearchList({
    initialStatus: CCH_LIST_DEFAULT_STATUS as CchStatus,
    pageSize: PAGE_SIZE,
    queryKey: cchListKey,
    // `rnd` is the spec's cache breaker (spec 2 §7): a new one per fetch.
    fetchPage: (status, query, signal) => callApi(cchContracts.list, { params: { status, rnd: Date.now().toString(36) }, query }, { signal }),
  });
  const { refresh } = list;

  const canDownload = hasRole(roles, cchRoles.download);
  const canEdit = hasRole(roles, cchRoles.edit);
  const canRemove = hasRole(roles, cchRoles.remove);

  const cancel = (row: CchListRow) =>
    openConfirmDialog({
      title: cchMessages.cancelConfirm,
      message: cchMessages.cancelWarning,
      danger: true,
      onConfirm: () =>
        void callApi(cchContracts.cancel, { params: { cchId: row.cchId } }).then(
          () => {
            notifySuccess(cchTexts.cancelled);
            void refresh();
          },
          (error: Error) => notifyError(error.message),
        ),
    });
  const remove = (row: CchListRow) =>
    openConfirmDialog({
      title: cchTexts.removeTitle,
      message: cchTexts.removeQuestion(row.cchId, row.titular),
      danger: true,
      onConfirm: () =>
        void callApi(cchContracts.remove, { params: { cchId: row.cchId }, query: { version: row.version } }).then(
          () => {
            notifySuccess(cchTexts.removed);
            void refresh();
          },
          (error: Error) => notifyError(error.message),
        ),
    });

  const actions = (row: CchListRow) => {
    const who = `${row.cchId} de ${row.usuario}`;
    const letter = row.cchStatus === 3 || row.cchStatus === 5 ? 'approval' : row.cchStatus === 4 ? 'denial' : null;
    return (
      <Group gap={2} wrap="nowrap">
        {canDownload && row.hasDoc ? (
          <Tooltip label={cchTexts.doc}>
            <ActionIcon
              component="a"
              href={apiUrl(cchContracts.doc, { params: { cchId: row.cchId } })}
              target="_blank"
              rel="noopener"
              variant="subtle"
              aria-label={`${cchTexts.doc} da solicitação ${who}`}
            >
              <IconDownload size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {canEdit ? (
          <Tooltip label={cchTexts.edit}>
            <ActionIcon variant="subtle" aria-label={`${cchTexts.edit} solicitação ${who}`} onClick={() => setEditing(row)}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {letter ? (
          <Tooltip label={letter === 'approval' ? cchTexts.approvalLetter : cchTexts.denialLetter}>
            <ActionIcon
              component="a"
              href={apiUrl(letter === 'approval' ? cchContracts.approvalLetter : cchContracts.denialLetter, { params: { cchId: row.cchId } })}
              target="_blank"
              rel="noopener"
              variant="subtle"
              color={letter === 'approval' ? 'teal' : 'red'}
              aria-label={`${letter === 'approval' ? cchTexts.approvalLetter : cchTexts.denialLetter} da solicitação ${who}`}
            >
              {letter === 'approval' ? <IconFileCheck size={18} aria-hidden /> : <IconFileX size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        {canEdit && row.cchStatus === 5 ? (
          <Tooltip label={cchTexts.cancel}>
            <ActionIcon variant="subtle" color="orange" aria-label={`${cchTexts.cancel} solicitação ${who}`} onClick={() => cancel(row)}>
              <IconBan size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {canRemove && row.cchStatus !== 5 && row.cchStatus !== 6 ? (
          <Tooltip label={cchTexts.remove}>
            <ActionIcon variant="subtle" color="red" aria-label={`${cchTexts.remove} solicitação ${who}`} onClick={() => remove(row)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    );
  };

  return (
    <Stack gap="md">
      <StatusSearchBar statusLabel={cchTexts.status} statusOptions={statusOptions} searchLabel={cchTexts.search} list={list} />
      <PagedTable<CchListRow>
        // Spec 2 §8: a failure of the list is silent (the spinner stops).
        list={list.paged}
        pageSize={PAGE_SIZE}
        idAccessor="cchId"
        noRecordsText={cchTexts.empty}
        // Ten columns of the spec do not fit 1440 px beside the menu: the holder and the actions stay on screen.
        pinEnds
        columns={[
          { accessor: 'titular', title: 'Titular', width: 170 },
          { accessor: 'usuario', title: 'Usuário', width: 170 },
          { accessor: 'cchDataSolicitacao', title: 'Solicitação', noWrap: true, render: (r) => formatDate(r.cchDataSolicitacao) },
          {
            accessor: 'cchBeneficio',
            title: 'Benefício',
            noWrap: true,
            render: (r) => (isCchBenefit(r.cchBeneficio) ? cchBenefitLabels[r.cchBeneficio] : String(r.cchBeneficio)),
          },
          { accessor: 'cchDataProcedimento', title: 'Data do procedimento', noWrap: true, render: (r) => formatDate(r.cchDataProcedimento) },
          { accessor: 'displayTerm', title: 'Procedimento', width: 170 },
          { accessor: 'cchValorPago', title: 'Valor pago', textAlign: 'right', noWrap: true, render: (r) => formatCents(r.cchValorPago) },
          { accessor: 'cchStatus', title: 'Situação', noWrap: true, render: (r) => <CchStatusBadge status={r.cchStatus} /> },
          { accessor: 'cchDataPagamento', title: 'Pagamento', noWrap: true, render: (r) => formatDate(r.cchDataPagamento) },
          { accessor: 'cchDataCredito', title: 'Crédito', noWrap: true, render: (r) => formatDate(r.cchDataCredito) },
          { accessor: 'actions', title: 'Ações', noWrap: true, render: actions },
        ]}
      />
      {editing ? (
        <CchRequestModal
          cstId={editing.cstId}
          record={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Stack>
  );
}
