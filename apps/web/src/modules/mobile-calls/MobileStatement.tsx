import { useState } from 'react';
import { Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents, formatDateTime, mobileCallsContracts, mobileCallsMessages } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../app/client';
import { BusyIndicator } from '../ui/components/BusyIndicator';
import { ScrollTable } from '../ui/components/ScrollTable';

/**
 * The mobile-phone statement (spec 1 §2 "Mobile-phone statement", §7 `GET celular/{cstId}/{ano}/{mes}`): a month
 * selector of the months with records (newest first) and the read-only table Data, Número, Tipo, Responsável, Destino,
 * Qtde., Valor with the total of Valor in the footer. Shows nothing for a member without call records.
 */
export function MobileStatement({ cstId }: { cstId: number }) {
  const [month, setMonth] = useState<{ ano: number; mes: number }>({ ano: 0, mes: 0 });
  const params = { cstId, ano: month.ano, mes: month.mes };
  const query = useQuery({
    queryKey: queryKeyOf(mobileCallsContracts.statement, { params }),
    queryFn: ({ signal }) => callApi(mobileCallsContracts.statement, { params }, { signal }),
    enabled: cstId > 0,
    // The month selector and the table stay while another month loads.
    placeholderData: (previous) => previous,
  });
  if (query.isPending) return <BusyIndicator label="Carregando extrato do celular" />;
  const data = query.data;
  if (!data || data.periodos.length === 0) return null;
  const value = `${data.ano}-${data.mes}`;
  return (
    <Stack gap="xs" mt="lg">
      <Title order={3} size="h5">
        {mobileCallsMessages.title}
      </Title>
      <Select
        label="Mês"
        w={200}
        allowDeselect={false}
        data={data.periodos.map((p) => ({ value: `${p.ano}-${p.mes}`, label: p.label }))}
        value={value}
        onChange={(v) => {
          if (!v) return;
          const [ano, mes] = v.split('-').map(Number) as [number, number];
          setMonth({ ano, mes });
        }}
      />
      <ScrollTable minWidth={720}>
        <Table striped aria-label={mobileCallsMessages.title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Data</Table.Th>
              <Table.Th>Número</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th>Destino</Table.Th>
              <Table.Th ta="right">Qtde.</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.chamadas.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed">
                    {mobileCallsMessages.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              data.chamadas.map((c) => (
                <Table.Tr key={c.mcId}>
                  <Table.Td>{formatDateTime(c.data)}</Table.Td>
                  <Table.Td>{c.numero}</Table.Td>
                  <Table.Td>{c.tipo}</Table.Td>
                  <Table.Td>{c.responsavel}</Table.Td>
                  <Table.Td>{c.destino}</Table.Td>
                  <Table.Td ta="right">{c.qtde}</Table.Td>
                  <Table.Td ta="right">{formatCents(c.valor)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={6}>Total</Table.Th>
              <Table.Th ta="right">{formatCents(data.total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
