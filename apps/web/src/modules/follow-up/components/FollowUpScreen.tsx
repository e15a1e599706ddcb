import { useState } from 'react';
import { ActionIcon, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_UP_DEFAULT_STATUS, followUpContracts, memberContracts, type FollowUpFormValues, type FollowUpRecord } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi, queryKeyOf } from '../../../app/client';
import { notifyError } from '../../ui/notify';
import { useFollowUpLists } from '../hooks/useFollowUpLists';
import { FollowUpModal } from './FollowUpModal';
import { FollowUpTable } from './FollowUpTable';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

const editable = (r: FollowUpRecord): FollowUpFormValues => ({
  atdTipo: r.atdTipo,
  atdDepartamento: r.atdDepartamento,
  atdAssunto: r.atdAssunto,
  atdTitulo: r.atdTitulo,
  atdStatus: r.atdStatus,
});

/**
 * /acompanhamento (spec 2 §2.9, §4): the Status dropdown (not searchable) starting on 1, the list of that status,
 * no new or delete; editing a row saves it (PUT acompanhamento/{atdId} at the version read), then reloads the list
 * and closes the edit. A failed list load stops the loader with no message (spec 2 §8).
 */
export function FollowUpScreen() {
  const lists = useFollowUpLists();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(FOLLOW_UP_DEFAULT_STATUS);
  const [editing, setEditing] = useState<FollowUpRecord | null>(null);
  const [stale, setStale] = useState(false);
  const listKey = queryKeyOf(followUpContracts.list, { params: { status } });
  const { data, isFetching } = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => callApi(followUpContracts.list, { params: { status } }, { signal }),
    retry: false,
  });

  const close = () => {
    setEditing(null);
    setStale(false);
  };
  const save = async (values: FollowUpFormValues) => {
    if (!editing) return;
    try {
      await callApi(followUpContracts.update, { params: { atdId: editing.atdId }, body: { ...values, version: editing.version } });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setStale(true);
      else notifyError(error instanceof Error ? error.message : String(error));
      return;
    }
    close();
    // The member's record shows the row as saved the next time it is opened.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf(followUpContracts.list) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(memberContracts.get) }),
    ]);
  };
  const reload = async () => {
    if (!editing) return;
    const fresh = await queryClient.fetchQuery({
      queryKey: listKey,
      queryFn: ({ signal }) => callApi(followUpContracts.list, { params: { status } }, { signal }),
      staleTime: 0,
    });
    const row = fresh.find((r) => r.atdId === editing.atdId);
    setStale(false);
    // A row that left this status (saved elsewhere) is no longer in the list: the edit closes.
    setEditing(row ?? null);
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <Select
          label="Status"
          w={220}
          searchable={false}
          allowDeselect={false}
          data={lists.statuses}
          value={String(status)}
          onChange={(next) => next && setStatus(Number(next))}
        />
        {isFetching ? <BusyIndicator /> : null}
      </Group>
      <FollowUpTable
        rows={data ?? []}
        withMember
        caption="Atendimentos"
        empty={isFetching ? '' : 'Nenhum atendimento encontrado'}
        actions={(row) => (
          <Tooltip label="Editar">
            <ActionIcon variant="subtle" aria-label={`Editar atendimento de ${row.custName}`} onClick={() => setEditing(row)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      />
      {editing ? (
        <FollowUpModal
          key={`${editing.atdId}-${editing.version}`}
          title={`Atendimento - ${editing.custName}`}
          initial={editable(editing)}
          onSave={save}
          onClose={close}
          stale={stale}
          onReload={() => void reload()}
        />
      ) : null}
    </Stack>
  );
}
