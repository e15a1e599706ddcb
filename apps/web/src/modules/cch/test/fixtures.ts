import { isoDateInAppZone, type CchBalance, type CchListRow } from '@assoc/domain';

/** Today in the app's zone: the request dates of the tests stay valid whatever the day they run. */
export const today = isoDateInAppZone();
export const year = Number(today.slice(0, 4));

export function cchRow(over: Partial<CchListRow> = {}): CchListRow {
  return {
    cchId: 501,
    cstId: 10,
    titular: 'Maria da Silva',
    usuario: 'João da Silva',
    cchBeneficio: 2,
    cchRecurso: false,
    cchStatus: 2,
    cchPlanoSaude: 21,
    cchDataProcedimento: `${year}-01-01`,
    cchDataSolicitacao: `${year}-01-02`,
    cchValorTotal: 200000,
    cchValorConvenio: 50000,
    cchValorSolicitado: 123456,
    cchTUSS: '10101012',
    cchQuantidade: 1,
    cchProcedimento: null,
    cchObs: null,
    cchDeliberacao: null,
    cchScanKey: 'scan-501',
    cchScanKeyOriginal: null,
    cchImportado: false,
    cchBancoCliente: null,
    cchBancoCPF: null,
    cchBancoNumero: null,
    cchBancoAgencia: null,
    cchBancoConta: null,
    cchBancoContaDigito: null,
    cchDataPagamento: null,
    cchValorPago: null,
    cchDataCredito: null,
    displayTerm: 'Consulta em consultório',
    hasDoc: true,
    version: 3,
    ...over,
  };
}

/** The yearly amounts the fixtures use (cents; sessions per year). */
export const yearlyValues = {
  beneficio1: 100000,
  beneficio2: 200000,
  beneficio3: 300000,
  beneficio4: 400000,
  beneficio5: 500000,
  fisioterapia: 50000,
  fisioterapiaSessoes: 10,
  acupuntura: 40000,
  acupunturaSessoes: 8,
};

export function balanceOf(over: Partial<CchBalance> = {}): CchBalance {
  return {
    cstId: 10,
    data: today,
    ano: year,
    cslValue1: 100000,
    cslValue2: 200000,
    cslValue3: 50000,
    cslValue10: 40000,
    cslValue12: 300000,
    cslValue14: 400000,
    cslValue15: 500000,
    cslInt2: 10,
    cslInt3: 8,
    cslDate1: null,
    cslDate2: null,
    anteriorReajuste: false,
    valores: { ...yearlyValues },
    ...over,
  };
}
