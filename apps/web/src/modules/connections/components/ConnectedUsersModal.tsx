import { Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { connectionsContracts, formatCpf, type ConnectedUser } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

const connectedKey = queryKeyOf(connectionsContracts.connected);

/** Usuários conectados (role admin, spec 3 §2.5): GET connected, then live from `hubs` messages. */
export function ConnectedUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data, isLoading, isError } = useQuery({
    queryKey: connectedKey,
    queryFn: ({ signal }) => callApi(connectionsContracts.connected, {}, { signal }),
    enabled: opened,
    staleTime: 0,
  });
  useRealtimeEvent('hubs', ({ op, user }) => {
    queryClient.setQueryData<ConnectedUser[]>(connectedKey, (list) => {
      if (!list) return list;
      const others = list.filter((u) => u.connectionId !== user.connectionId);
      return op === 'add' ? [...others, user] : others;
    });
  });
  const users = [...(data ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

  return (
    <Modal opened={opened} onClose={onClose} title="Usuários conectados" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {isLoading ? (
        <BusyIndicator />
      ) : isError ? (
        <Text c="red" size="sm">
          Não foi possível executar a solicitação com sucesso
        </Text>
      ) : (
        <ScrollArea h={300} type="auto">
          {users.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum usuário conectado
            </Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>CPF</Table.Th>
                  <Table.Th>Conexão</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => (
                  <Table.Tr key={u.connectionId}>
                    <Table.Td>{u.name}</Table.Td>
                    <Table.Td>{formatCpf(u.username)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {u.connectionId}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ScrollArea>
      )}
    </Modal>
  );
}
