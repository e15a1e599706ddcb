import { useState } from 'react';
import type { z } from 'zod';
import { ActionIcon, Checkbox, Group, Select, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { productSchema, registryMessages, serviceContracts, serviceLimits, supplierSchema, type BodyOf, type Product } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { FormFields, type FieldConfig } from '../../ui/crud/FormFields';
import { FormModal } from '../../ui/crud/FormModal';
import { StaleRecordAlert } from '../../ui/crud/StaleRecordAlert';
import { crudFailureMessage, isStaleRecord } from '../../ui/crud/useCrudResource';
import { useAppForm, type AppForm, type FormValues } from '../../ui/form';
import { notifyError, notifySuccess } from '../../ui/notify';

const supplierFields: FieldConfig[] = [
  { kind: 'text', name: 'supName', label: 'Razão social', maxLength: serviceLimits.supplierName, required: true },
  { kind: 'text', name: 'supFantasia', label: 'Nome fantasia', maxLength: serviceLimits.fantasia },
  // Optional (spec 3 §5); a valid CNPJ when given.
  { kind: 'text', name: 'supCnpj', label: 'CNPJ', maxLength: 19 },
  { kind: 'text', name: 'supIe', label: 'Inscrição estadual', maxLength: serviceLimits.ie },
  { kind: 'text', name: 'supCcm', label: 'CCM', maxLength: serviceLimits.ccm },
];

/** One small modal form (supplier or product) on the shared form state and modal. */
function EntityModal({
  title,
  schema,
  initial,
  fields,
  extra,
  onSave,
  onClose,
  onReload,
}: {
  title: string;
  schema: typeof supplierSchema | typeof productSchema;
  initial: FormValues;
  fields: FieldConfig[];
  extra?: (form: AppForm) => React.ReactNode;
  onSave: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
  /** Reopens the modal with the record as it is now (after a save over a newer version). */
  onReload: () => void;
}) {
  const [start] = useState(initial);
  const form = useAppForm(schema as z.ZodType, start);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  return (
    <FormModal
      opened
      title={title}
      valid={form.valid}
      changed={form.changed}
      saving={saving}
      onClose={onClose}
      onSave={() => {
        setSaving(true);
        onSave(form.parsed() as Record<string, unknown>)
          .then(onClose)
          // A save over a newer version (409, decision 5) is shown in the form, with Recarregar.
          .catch((error: unknown) => (isStaleRecord(error) ? setStale(true) : notifyError(crudFailureMessage(error))))
          .finally(() => setSaving(false));
      }}
    >
      {stale ? <StaleRecordAlert onReload={onReload} /> : null}
      <FormFields fields={fields} form={form} />
      {extra?.(form)}
    </FormModal>
  );
}

interface PickersProps {
  supId: number | null;
  sucId: number | null;
  onSupplier: (supId: number | null) => void;
  onProduct: (sucId: number | null) => void;
}

/**
 * Supplier and product pickers of /servico (spec 3 §2.9, §4): choosing a supplier loads its products
 * and clears the product; each picker has add and edit buttons opening its modal.
 */
export function ServicePickers({ supId, sucId, onSupplier, onProduct }: PickersProps) {
  const queryClient = useQueryClient();
  const supplierList = useQuery({
    queryKey: queryKeyOf(serviceContracts.listSuppliers),
    queryFn: ({ signal }) => callApi(serviceContracts.listSuppliers, {}, { signal }),
  });
  const productList = useQuery({
    queryKey: queryKeyOf(serviceContracts.listProducts, { params: { supId: supId ?? 0 } }),
    enabled: supId != null,
    queryFn: ({ signal }) => callApi(serviceContracts.listProducts, { params: { supId: supId! } }, { signal }),
  });
  // seq remounts the modal when Recarregar brings a fresh record.
  const [modal, setModal] = useState<{ kind: 'supplier' | 'product'; initial: FormValues; id: number | null; seq?: number } | null>(null);

  const editSupplier = async () => {
    try {
      const record = await callApi(serviceContracts.getSupplier, { params: { supId: supId! } });
      setModal({ kind: 'supplier', initial: { ...record }, id: supId, seq: Date.now() });
    } catch (error) {
      notifyError(crudFailureMessage(error));
    }
  };
  const product = productList.data?.find((p) => p.sucId === sucId);
  const productValues = (p: Product): FormValues => ({
    sucId: p.sucId,
    version: p.version,
    sucName: p.sucName,
    sucHealth: p.sucHealth,
    sucMudaFaixa: p.sucMudaFaixa,
  });
  const reloadProduct = async () => {
    try {
      const fresh = (await productList.refetch()).data?.find((p) => p.sucId === modal?.id);
      setModal(fresh ? { kind: 'product', id: fresh.sucId, initial: productValues(fresh), seq: Date.now() } : null);
    } catch (error) {
      notifyError(crudFailureMessage(error));
    }
  };

  const saveSupplier = async (body: Record<string, unknown>) => {
    if (modal?.id == null) {
      const created = await callApi(serviceContracts.addSupplier, { body: body as BodyOf<typeof serviceContracts.addSupplier> });
      notifySuccess(registryMessages.added);
      onSupplier(created.supId);
    } else {
      await callApi(serviceContracts.updateSupplier, { params: { supId: modal.id }, body: body as BodyOf<typeof serviceContracts.updateSupplier> });
      notifySuccess(registryMessages.updated);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(serviceContracts.listSuppliers) });
  };
  const saveProduct = async (body: Record<string, unknown>) => {
    if (modal?.id == null) {
      const created = await callApi(serviceContracts.addProduct, {
        params: { supId: supId! },
        body: body as BodyOf<typeof serviceContracts.addProduct>,
      });
      notifySuccess(registryMessages.added);
      onProduct(created.sucId);
    } else {
      await callApi(serviceContracts.updateProduct, { params: { sucId: modal.id }, body: body as BodyOf<typeof serviceContracts.updateProduct> });
      notifySuccess(registryMessages.updated);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(serviceContracts.listProducts, { params: { supId: supId ?? 0 } }) });
  };

  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <Group align="flex-end" gap={4}>
        <Select
          label="Fornecedor"
          placeholder="Selecione..."
          searchable
          w={320}
          nothingFoundMessage="Nenhum fornecedor"
          data={(supplierList.data ?? []).map((s) => ({ value: String(s.supId), label: s.supName }))}
          value={supId == null ? null : String(supId)}
          onChange={(value) => onSupplier(value ? Number(value) : null)}
        />
        <Tooltip label="Novo fornecedor">
          <ActionIcon
            size="lg"
            variant="light"
            aria-label="Novo fornecedor"
            onClick={() =>
              setModal({ kind: 'supplier', id: null, initial: { supId: 0, supName: '', supFantasia: '', supCnpj: '', supIe: '', supCcm: '' } })
            }
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Editar fornecedor">
          <ActionIcon size="lg" variant="light" aria-label="Editar fornecedor" disabled={supId == null} onClick={() => void editSupplier()}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group align="flex-end" gap={4}>
        <Select
          label="Produto"
          placeholder="Selecione..."
          searchable
          w={320}
          disabled={supId == null}
          nothingFoundMessage="Nenhum produto"
          data={(productList.data ?? []).map((p) => ({ value: String(p.sucId), label: p.sucName }))}
          value={sucId == null ? null : String(sucId)}
          onChange={(value) => onProduct(value ? Number(value) : null)}
        />
        <Tooltip label="Novo produto">
          <ActionIcon
            size="lg"
            variant="light"
            aria-label="Novo produto"
            disabled={supId == null}
            onClick={() => setModal({ kind: 'product', id: null, initial: { sucId: 0, sucName: '', sucHealth: false, sucMudaFaixa: false } })}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Editar produto">
          <ActionIcon
            size="lg"
            variant="light"
            aria-label="Editar produto"
            disabled={!product}
            onClick={() => product && setModal({ kind: 'product', id: product.sucId, initial: productValues(product) })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {modal?.kind === 'supplier' ? (
        <EntityModal
          key={modal.seq}
          title="Fornecedor"
          schema={supplierSchema}
          initial={modal.initial}
          fields={supplierFields}
          onSave={saveSupplier}
          onClose={() => setModal(null)}
          onReload={() => void editSupplier()}
        />
      ) : null}
      {modal?.kind === 'product' ? (
        <EntityModal
          key={modal.seq}
          title="Produto"
          schema={productSchema}
          initial={modal.initial}
          onSave={saveProduct}
          onClose={() => setModal(null)}
          onReload={() => void reloadProduct()}
          fields={[{ kind: 'text', name: 'sucName', label: 'Nome', maxLength: serviceLimits.productName, required: true }]}
          extra={(form) => (
            <>
              <Checkbox
                label="Plano de saúde"
                checked={Boolean(form.values.sucHealth)}
                onChange={(e) => form.setValue('sucHealth', e.currentTarget.checked)}
              />
              {form.values.sucHealth ? (
                <Checkbox
                  label="Muda de faixa"
                  checked={Boolean(form.values.sucMudaFaixa)}
                  onChange={(e) => form.setValue('sucMudaFaixa', e.currentTarget.checked)}
                />
              ) : null}
            </>
          )}
        />
      ) : null}
    </Group>
  );
}
