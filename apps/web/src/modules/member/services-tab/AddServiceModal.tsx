import { useState } from 'react';
import { Divider, Grid, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  addServiceRefusal,
  isoDateInAppZone,
  liveItems,
  memberServiceContracts,
  memberServiceItemSchema,
  serviceContracts,
  type Service,
} from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { ServiceFields } from './ServiceFields';
import type { ServiceRow } from './serviceRows';

export interface ServiceOwner {
  isDependent: boolean;
  birthdate: string | null;
}

const emptyRow = (): ServiceRow => ({
  svcId: 0,
  svcName: null,
  svcEditPlugin: null,
  sucId: null,
  sucName: null,
  valor: 0,
  cslQuantidade: null,
  cslInt1: null,
  cslInt4: null,
  cslInt5: null,
  cslStr1: '',
  cslStr2: '',
  cslStr3: '',
  cslStr4: '',
  cslDate1: null,
  cslValue1: null,
  cslValue2: null,
  cslInicio: isoDateInAppZone(),
  cslFim: null,
  operation: 'insert',
});

/** The services' plugins (GET servicos/plugins), shared by the panel's modals. */
export function useServicePlugins() {
  return useQuery({
    queryKey: queryKeyOf(memberServiceContracts.plugins),
    queryFn: ({ signal }) => callApi(memberServiceContracts.plugins, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * "Adicionar serviço" (spec 1 §2, §4): supplier, then product, then service. Choosing a supplier clears product
 * and service; a service the person already holds that does not allow duplicates ('Serviço não permite
 * duplicidade'), or that the registry does not allow for a dependent or at this age, is refused and the choice
 * resets; then the service's plugin form appears. Ok adds the row marked insert.
 */
export function AddServiceModal({
  owner,
  held,
  onAdd,
  onClose,
}: {
  owner: ServiceOwner;
  held: readonly ServiceRow[];
  onAdd: (row: ServiceRow) => void;
  onClose: () => void;
}) {
  const [supId, setSupId] = useState<number | null>(null);
  const [sucId, setSucId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [start] = useState(emptyRow);
  const form = useAppForm(memberServiceItemSchema, start);
  const plugins = useServicePlugins();
  const suppliers = useQuery({
    queryKey: queryKeyOf(serviceContracts.listSuppliers),
    queryFn: ({ signal }) => callApi(serviceContracts.listSuppliers, {}, { signal }),
  });
  const products = useQuery({
    queryKey: queryKeyOf(serviceContracts.listProducts, { params: { supId: supId ?? 0 } }),
    enabled: supId != null,
    queryFn: ({ signal }) => callApi(serviceContracts.listProducts, { params: { supId: supId! } }, { signal }),
  });
  const services = useQuery({
    queryKey: queryKeyOf(serviceContracts.listServices, { params: { sucId: sucId ?? 0 } }),
    enabled: sucId != null,
    queryFn: ({ signal }) => callApi(serviceContracts.listServices, { params: { sucId: sucId! } }, { signal }),
  });
  const svcId = form.values.svcId ? Number(form.values.svcId) : null;

  const clearService = () => form.setMany(emptyRow());
  const pickService = (service: Service | undefined) => {
    if (!service) return clearService();
    const refused = addServiceRefusal(service, owner, liveItems(held));
    setRefusal(refused);
    if (refused) return clearService();
    const product = products.data?.find((p) => p.sucId === service.sucId);
    form.setMany({
      ...emptyRow(),
      svcId: service.svcId,
      svcName: service.svcName,
      sucId: service.sucId,
      sucName: product?.sucName ?? null,
      valor: service.svcValor,
      svcEditPlugin: plugins.data?.find((p) => p.svcId === service.svcId)?.plugin ?? null,
    });
  };

  return (
    <FormModal
      opened
      size="lg"
      title="Adicionar serviço"
      valid={svcId != null && form.valid}
      changed={svcId != null}
      onClose={onClose}
      onSave={() => {
        if (svcId == null || !form.showAllErrors()) return;
        onAdd(form.values);
        onClose();
      }}
    >
      <Grid gap="sm">
        <Grid.Col span={12}>
          <Select
            label="Fornecedor"
            placeholder="Selecione..."
            searchable
            data-autofocus
            nothingFoundMessage="Nenhum fornecedor"
            data={(suppliers.data ?? []).map((s) => ({ value: String(s.supId), label: s.supName }))}
            value={supId == null ? null : String(supId)}
            onChange={(value) => {
              setSupId(value ? Number(value) : null);
              setSucId(null);
              setRefusal(null);
              clearService();
            }}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label="Produto"
            placeholder="Selecione..."
            searchable
            disabled={supId == null}
            nothingFoundMessage="Nenhum produto"
            data={(products.data ?? []).map((p) => ({ value: String(p.sucId), label: p.sucName }))}
            value={sucId == null ? null : String(sucId)}
            onChange={(value) => {
              setSucId(value ? Number(value) : null);
              setRefusal(null);
              clearService();
            }}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Select
            label="Serviço"
            placeholder="Selecione..."
            searchable
            disabled={sucId == null}
            nothingFoundMessage="Nenhum serviço"
            data={(services.data ?? []).map((s) => ({ value: String(s.svcId), label: s.svcName }))}
            value={svcId == null ? null : String(svcId)}
            error={refusal}
            onChange={(value) => pickService(services.data?.find((s) => String(s.svcId) === value))}
          />
        </Grid.Col>
      </Grid>
      {svcId != null ? (
        <>
          <Divider my="md" label={String(form.values.svcName ?? '')} labelPosition="left" />
          <ServiceFields form={form} inserting />
        </>
      ) : null}
    </FormModal>
  );
}
