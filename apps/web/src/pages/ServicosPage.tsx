import { useMemo, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { extratoGroupContracts, findRoute } from '@assoc/domain';
import { callApi, queryKeyOf } from '../app/client';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { ServiceForm } from '../modules/registries/components/ServiceForm';
import { ServicePickers } from '../modules/registries/components/ServicePickers';
import { servicosTable } from '../modules/registries/config/servicos';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /servico (spec 3 §2.9): supplier and product pickers, then the product's services. */
export default function ServicosPage() {
  const [supId, setSupId] = useState<number | null>(null);
  const [sucId, setSucId] = useState<number | null>(null);
  const groups = useQuery({
    queryKey: queryKeyOf(extratoGroupContracts.list),
    queryFn: ({ signal }) => callApi(extratoGroupContracts.list, {}, { signal }),
  });
  const table = useMemo(() => (sucId == null ? null : servicosTable(sucId)), [sucId]);
  return (
    <Stack gap="md">
      <PageTitle>{findRoute('/servico')!.title}</PageTitle>
      <ServicePickers
        supId={supId}
        sucId={sucId}
        onSupplier={(id) => {
          setSupId(id);
          setSucId(null);
        }}
        onProduct={setSucId}
      />
      {table ? (
        <CrudTable key={sucId} {...table} renderForm={({ form }) => <ServiceForm form={form} groups={groups.data ?? []} />} />
      ) : (
        <Text c="dimmed" size="sm">
          Escolha o fornecedor e o produto para ver os serviços.
        </Text>
      )}
    </Stack>
  );
}
