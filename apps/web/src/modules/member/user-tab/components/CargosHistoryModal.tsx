import { Alert, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, memberContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../../app/client';
import { BusyIndicator } from '../../../ui/components/BusyIndicator';

/** 'Histórico de cargos' (spec 1 §2): `GET user/cargos/{cstId}`, columns Entrada, Saída (DD/MM/YYYY HH:mm:ss) and Cargo. */
export function CargosHistoryModal({ cstId, onClose }: { cstId: number; onClose: () => void }) {
  const input = { params: { cstId } };
  const { data, isPending, error } = useQuery({
    queryKey: queryKeyOf(memberContracts.positions, input),
    queryFn: ({ signal }) => callApi(memberContracts.positions, input, { signal }),
  });
  return (
    <Modal opened onClose={onClose} title="Histórico de cargos" size="xl">
      {isPending ? <BusyIndicator /> : null}
      {error ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : null}
      {data ? (
        data.length === 0 ? (
          <Text c="dimmed">Sem registros</Text>
        ) : (
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Entrada</Table.Th>
                <Table.Th>Saída</Table.Th>
                <Table.Th>Cargo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{formatDateTime(row.dataEntrada)}</Table.Td>
                  <Table.Td>{formatDateTime(row.dataSaida)}</Table.Td>
                  <Table.Td>{row.cargo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      ) : null}
    </Modal>
  );
}
