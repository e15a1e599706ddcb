import { isoDateInAppZone, type RefundRecord } from '@assoc/domain';

export const year = Number(isoDateInAppZone().slice(0, 4));

export function refundRow(over: Partial<RefundRecord> = {}): RefundRecord {
  return {
    devId: 701,
    cstId: 11,
    titId: 10,
    titNome: 'João da Silva',
    custName: 'Maria da Silva',
    custCpf: '52998224725',
    devStatus: 1,
    devTipo: 1,
    devValor: 123456,
    supId: 1,
    sucId: 2,
    svcId: 3,
    svcName: 'Plano de saúde',
    observacoes: 'Cobrança em duplicidade',
    createdDate: `${year}-01-02T13:00:00.000Z`,
    createdByName: 'Bruno Atendimento',
    approvedByName: null,
    approvedDate: null,
    closedByName: null,
    closedDate: null,
    extId: null,
    version: 3,
    ...over,
  };
}

export const pickers = {
  suppliers: [
    { supId: 1, supName: 'Unimed', version: 1 },
    { supId: 4, supName: 'Vivo', version: 1 },
  ],
  products: (supId: number) =>
    supId === 1
      ? [{ sucId: 2, supId: 1, sucName: 'Plano Magistratura', sucHealth: true, sucMudaFaixa: false, version: 1 }]
      : [{ sucId: 5, supId: 4, sucName: 'Telefonia', sucHealth: false, sucMudaFaixa: false, version: 1 }],
};

export const serviceOf = (svcId: number, sucId: number, svcName: string) => ({
  svcId,
  sucId,
  svcName,
  svcValor: 10000,
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
  svcMax: 0,
  svcContaDebito: null,
  svcContaCredito: null,
  svcCentroDeCusto: null,
  extgrpId: null,
  irgrpId: null,
  svcEditPlugin: null,
  version: 1,
});
