import { formatCents, serviceContracts, serviceSchema, serviceTypeLabels, type Service } from '@assoc/domain';
import type { CrudTableProps } from '../../ui/crud/CrudTable';

/** '2,50 %' (rates are percent with 2 decimals, spec 3 §9). */
export const formatRate = (value: number | null | undefined) =>
  typeof value === 'number' ? `${value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %` : '';

/**
 * Services of one product (spec 3 §2.9, §7): GET servicos/all/{sucId}, POST servicos/{sucId},
 * PUT servicos (key in the body), DELETE servicos/{svcId}.
 */
export function servicosTable(sucId: number): CrudTableProps<Service> {
  return {
    calls: {
      list: { contract: serviceContracts.listServices, params: { sucId } },
      add: { contract: serviceContracts.addService, params: { sucId } },
      update: () => ({ contract: serviceContracts.updateService }),
      remove: (svcId) => ({ contract: serviceContracts.removeService, params: { svcId } }),
    },
    keyField: 'svcId',
    schema: serviceSchema,
    modalTitle: 'Serviço',
    modalSize: 'lg',
    newValues: () => ({
      svcId: 0,
      svcName: '',
      svcValor: 0,
      svcTaxaAdm: 0,
      svcTaxaAdmNs: 0,
      svcMaxParcelas: 1,
      svcProRata: false,
      svcLancaNoFim: false,
      svcServiceType: 0,
      svcLancPlugin: null,
      svcPermiteDependente: true,
      svcPermiteDuplicado: false,
      svcMudaFaixa: false,
      svcMin: 0,
      svcMax: 999,
      svcContaDebito: '',
      svcContaCredito: '',
      svcCentroDeCusto: '',
      extgrpId: null,
      irgrpId: null,
      svcEditPlugin: null,
    }),
    toValues: ({ sucId: _sucId, ...row }) => ({ ...row, svcEditPlugin: row.svcEditPlugin ?? null }),
    columns: [
      { accessor: 'svcName', title: 'Nome' },
      { accessor: 'svcServiceType', title: 'Tipo', width: 120, text: (row) => serviceTypeLabels[row.svcServiceType] ?? '' },
      {
        accessor: 'svcValor',
        title: 'Valor',
        width: 140,
        textAlign: 'right',
        text: (row) => formatCents(row.svcValor),
        sortValue: (row) => row.svcValor,
      },
      {
        accessor: 'svcTaxaAdm',
        title: 'Taxa adm.',
        width: 120,
        textAlign: 'right',
        text: (row) => formatRate(row.svcTaxaAdm),
        sortValue: (row) => row.svcTaxaAdm,
      },
      { accessor: 'svcMaxParcelas', title: 'Parcelas', width: 100, textAlign: 'right', sortValue: (row) => row.svcMaxParcelas },
      { accessor: 'svcMin', title: 'Idade', width: 110, text: (row) => `${row.svcMin} a ${row.svcMax}`, sortValue: (row) => row.svcMin },
    ],
  };
}
