import { describe, expect, it } from 'vitest';
import { firstIssuePerPath } from '../validation.js';
import { computeCchBalance } from './cch.balance.js';
import type { CchValues } from './cch.benefits.js';
import { cchPaymentDefaults, cchRequestSchema, cchUpdateBodySchema, type CchRequestContext, type CchRequestInput } from './cch.schema.js';

const today = '2025-09-20';

/** A valid request EM ANÁLISE; each case changes what it tests. */
const valid: CchRequestInput = {
  cstId: 7,
  cchBeneficio: 1,
  cchStatus: 2,
  cchPlanoSaude: 21,
  cchDataProcedimento: '2025-09-15',
  cchValorTotal: 50_000,
  cchValorConvenio: 10_000,
  cchValorSolicitado: 30_000,
  cchTUSS: '10101012',
  cchQuantidade: 1,
  cchProcedimento: null,
  cchObs: null,
  cchDeliberacao: null,
};
const paid: CchRequestInput = {
  ...valid,
  cchStatus: 5,
  cchBancoCliente: 'Maria da Silva',
  cchBancoCPF: '111.444.777-35',
  cchBancoNumero: '001',
  cchBancoAgencia: '1234',
  cchBancoConta: '123456',
  cchBancoContaDigito: '7',
  cchDataPagamento: '2025-09-19',
  cchValorPago: 30_000,
};

/** Each field's first message (what the modal shows and the server's 400 names). */
function errors(values: Record<string, unknown>, context: CchRequestContext = {}) {
  const result = cchRequestSchema({ today, ...context }).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(firstIssuePerPath(result.error.issues).map((i) => [i.path.join('.'), i.message]));
}

describe('CCH request: the rules of spec 2 §5, one message per field', () => {
  it('accepts a valid request and a valid payment', () => {
    expect(errors(valid)).toEqual({});
    expect(errors(paid)).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['benefit required', { cchBeneficio: undefined }, { cchBeneficio: 'Campo obrigatório' }],
    ['benefit 1 to 5', { cchBeneficio: 6 }, { cchBeneficio: 'Valor não válido' }],
    ['health plan required', { cchPlanoSaude: null }, { cchPlanoSaude: 'Campo obrigatório' }],
    ['no health plan for benefit 3', { cchBeneficio: 3, cchPlanoSaude: null }, {}],
    ['procedure date required', { cchDataProcedimento: '' }, { cchDataProcedimento: 'Campo obrigatório' }],
    ['procedure date a real date', { cchDataProcedimento: '2025-02-30' }, { cchDataProcedimento: 'Data inválida' }],
    ['procedure date not after today', { cchDataProcedimento: '2025-09-21' }, { cchDataProcedimento: 'Data não pode ser posterior ao dia de hoje' }],
    ['procedure date today', { cchDataProcedimento: today }, {}],
    ['total required', { cchValorTotal: null }, { cchValorTotal: 'Campo obrigatório' }],
    [
      'agreement not above total',
      { cchValorConvenio: 50_001, cchValorSolicitado: 1 },
      { cchValorConvenio: 'Valor do convênio superior ao valor total' },
    ],
    ['no agreement', { cchValorConvenio: null, cchValorSolicitado: 50_000 }, {}],
    ['requested required', { cchValorSolicitado: undefined }, { cchValorSolicitado: 'Campo obrigatório' }],
    ['requested in cents', { cchValorSolicitado: 10.5 }, { cchValorSolicitado: 'Valor não válido' }],
    [
      'requested not above total',
      { cchValorConvenio: 0, cchValorSolicitado: 50_001 },
      { cchValorSolicitado: 'Valor solicitado superior ao valor total' },
    ],
    [
      'requested not above total minus agreement',
      { cchValorSolicitado: 40_001 },
      { cchValorSolicitado: 'Valor solicitado superior ao valor total menos o valor do convênio' },
    ],
    ['requested = total minus agreement', { cchValorSolicitado: 40_000 }, {}],
    ['TUSS required', { cchTUSS: '' }, { cchTUSS: 'Campo obrigatório' }],
    ['TUSS 8 characters', { cchTUSS: '1010101' }, { cchTUSS: 'Tamanho de 8 caracteres' }],
    ['TUSS digits', { cchTUSS: '1010101a' }, { cchTUSS: 'Apenas caracteres numéricos' }],
    ['TUSS check digit', { cchTUSS: '10101013' }, { cchTUSS: 'Código TUSS inválido: confira os dígitos' }],
    ['generic code needs the procedure text', { cchTUSS: '99999999' }, { cchProcedimento: 'Campo obrigatório' }],
    ['generic code with the procedure text', { cchTUSS: '99999999', cchProcedimento: 'Exame de vista' }, {}],
    ['procedure text max 80', { cchProcedimento: 'x'.repeat(81) }, { cchProcedimento: 'Tamanho máxumo de 80 caracteres' }],
    ['quantity 1', { cchQuantidade: 0 }, { cchQuantidade: 'Número de sessões inválida' }],
    ['quantity 20', { cchQuantidade: 21 }, { cchQuantidade: 'Número de sessões inválida' }],
    ['quantity whole', { cchQuantidade: 1.5 }, { cchQuantidade: 'Número de sessões inválida' }],
    ['quantity 20 accepted', { cchQuantidade: 20 }, {}],
    ['benefit 4 forces 31000100', { cchBeneficio: 4 }, { cchTUSS: 'O benefício 4 exige o código TUSS 31000100' }],
    ['benefit 4 with 31000100', { cchBeneficio: 4, cchTUSS: '31000100' }, {}],
    ['benefit 5 with 31000200', { cchBeneficio: 5, cchTUSS: '31000200' }, {}],
    ['31000200 belongs to benefit 5', { cchTUSS: '31000200' }, { cchTUSS: 'O benefício 5 exige o código TUSS 31000200' }],
    ['status 1 requires an observation', { cchStatus: 1 }, { cchObs: 'Campo obrigatório' }],
    ['status 1 with an observation', { cchStatus: 1, cchObs: 'Falta a nota fiscal' }, {}],
    ['status 4 requires the deliberation', { cchStatus: 4 }, { cchDeliberacao: 'Campo obrigatório' }],
    ['deliberation max 120', { cchStatus: 4, cchDeliberacao: 'x'.repeat(121) }, { cchDeliberacao: 'Tamanho máxumo de 120 caracteres' }],
    ['status 1 to 6', { cchStatus: 7 }, { cchStatus: 'Valor não válido' }],
    ['control characters refused', { cchObs: 'a\u0000b' }, { cchObs: 'Texto contém caracteres inválidos' }],
  ])('%s', (_, change, expected) => {
    expect(errors({ ...valid, ...change })).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['bank name required', { cchBancoCliente: '' }, { cchBancoCliente: 'Campo obrigatório' }],
    ['bank name min 5', { cchBancoCliente: 'Ana' }, { cchBancoCliente: 'Tamanho mínimo de 5 caracteres' }],
    ['bank name max 64', { cchBancoCliente: 'x'.repeat(65) }, { cchBancoCliente: 'Tamanho máxumo de 64 caracteres' }],
    ['CPF required', { cchBancoCPF: null }, { cchBancoCPF: 'Campo obrigatório' }],
    ['CPF valid', { cchBancoCPF: '111.444.777-36' }, { cchBancoCPF: 'CPF Inválido' }],
    ['bank 3 characters', { cchBancoNumero: '01' }, { cchBancoNumero: 'Tamanho de 3 caracteres' }],
    ['bank required', { cchBancoNumero: '' }, { cchBancoNumero: 'Campo obrigatório' }],
    ['agency 4', { cchBancoAgencia: '123' }, { cchBancoAgencia: 'Tamanho de 4 caracteres' }],
    ['account required', { cchBancoConta: '' }, { cchBancoConta: 'Campo obrigatório' }],
    ['no account when imported', { cchBancoConta: '', cchImportado: true }, {}],
    ['payment date required', { cchDataPagamento: null }, { cchDataPagamento: 'Campo obrigatório' }],
    ['payment date not after today', { cchDataPagamento: '2025-09-21' }, { cchDataPagamento: 'Data não pode ser posterior ao dia de hoje' }],
    ['amount paid required', { cchValorPago: null }, { cchValorPago: 'Campo obrigatório' }],
    ['amount paid not above requested', { cchValorPago: 30_001 }, { cchValorPago: 'Valor superior ao valor solicitado' }],
    ['amount paid below requested', { cchValorPago: 29_999 }, {}],
  ])('PAGO: %s', (_, change, expected) => {
    expect(errors({ ...paid, ...change })).toEqual(expected);
  });

  it('keeps the CPF digits only', () => {
    expect(cchRequestSchema({ today }).parse(paid).cchBancoCPF).toBe('11144477735');
  });

  it('puts a field issue first, the cross-field one after (an empty total hides nothing else)', () => {
    expect(errors({ ...valid, cchValorTotal: null, cchPlanoSaude: null, cchQuantidade: 0 })).toEqual({
      cchValorTotal: 'Campo obrigatório',
      cchPlanoSaude: 'Campo obrigatório',
      cchQuantidade: 'Número de sessões inválida',
    });
  });
});

describe('CCH request: the status workflow on save', () => {
  it.each<[number | null, number, string | null]>([
    [null, 1, null],
    [null, 2, null],
    [null, 3, 'Uma nova solicitação deve estar PENDENTE ou EM ANÁLISE'],
    [1, 2, null],
    [1, 3, 'Não é possível alterar a situação de PENDENTE para DEFERIDO'],
    [2, 3, null],
    [3, 5, null],
    [2, 5, 'Não é possível alterar a situação de EM ANÁLISE para PAGO'],
    [4, 2, 'Situação bloqueada: a solicitação já foi decidida, paga ou cancelada'],
    [5, 5, null],
    [5, 6, 'Situação bloqueada: a solicitação já foi decidida, paga ou cancelada'],
    [6, 6, 'Situação bloqueada: a solicitação já foi decidida, paga ou cancelada'],
  ])('from %s to %i', (from, to, message) => {
    const values = to === 5 || to === 6 ? { ...paid, cchStatus: to } : { ...valid, cchStatus: to, cchObs: 'obs', cchDeliberacao: 'motivo' };
    expect(errors(values, { previousStatus: from as never }).cchStatus ?? null).toBe(message);
  });

  it('checks no move when the loaded status is not given', () => {
    expect(errors({ ...valid, cchStatus: 3 })).toEqual({});
  });

  it('requires the loaded version on PUT', () => {
    expect(cchUpdateBodySchema.safeParse(valid).success).toBe(false);
    expect(cchUpdateBodySchema.safeParse({ ...valid, version: 3 }).success).toBe(true);
  });
});

describe('CCH request: the balance rules with the balances of its procedure date', () => {
  const values: CchValues = {
    beneficio1: 100_000,
    beneficio2: 0,
    beneficio3: 0,
    beneficio4: 0,
    beneficio5: 0,
    fisioterapia: 20_000,
    fisioterapiaSessoes: 2,
    acupuntura: 0,
    acupunturaSessoes: 0,
  };
  const balanceOn = (date: string, enrolled = '2020-01-01') =>
    computeCchBalance({
      cstId: 7,
      date,
      enrolment: { cslDate1: enrolled },
      valueSets: [
        { dataBase: null, values: { ...values, beneficio1: 20_000 } },
        { dataBase: '2025-07-01', values },
      ],
      requests: [
        {
          cchId: 1,
          cchBeneficio: 1,
          cchStatus: 5,
          cchTUSS: '10101012',
          cchDataProcedimento: '2025-01-05',
          cchValorSolicitado: 5_000,
          cchValorPago: 5_000,
          cchQuantidade: 1,
        },
      ],
    });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['within the balance', {}, {}],
    [
      'above the balance',
      { cchValorTotal: 100_000, cchValorConvenio: 0, cchValorSolicitado: 95_001 },
      { cchValorSolicitado: 'Valor excede saldo disponível' },
    ],
    [
      'before the increase, above the older balance',
      { cchDataProcedimento: '2025-06-30', cchValorSolicitado: 15_001 },
      { cchValorSolicitado: 'Saldo anterior ao reajuste (R$ 150,00) é insuficiente...' },
    ],
    ['before the increase, within the older balance', { cchDataProcedimento: '2025-06-30', cchValorSolicitado: 15_000 }, {}],
    [
      'physiotherapy above its balance',
      { cchTUSS: '50000144', cchValorSolicitado: 20_001, cchQuantidade: 2 },
      { cchValorSolicitado: 'Valor solicitado superior ao saldo de fisioterapia/acupuntura' },
    ],
    [
      'physiotherapy sessions',
      { cchTUSS: '50000144', cchValorSolicitado: 100, cchQuantidade: 3 },
      { cchQuantidade: 'Número de sessões superior ao saldo de sessões de fisioterapia no ano (2)' },
    ],
    [
      'acupuncture sessions exhausted',
      { cchTUSS: '31601014', cchValorSolicitado: 0 + 1, cchQuantidade: 1 },
      {
        cchValorSolicitado: 'Valor solicitado superior ao saldo de fisioterapia/acupuntura',
        cchQuantidade: 'Sessões de acupuntura esgotadas no ano',
      },
    ],
  ])('%s', (_, change, expected) => {
    const request = { ...valid, ...change };
    expect(errors(request, { balance: balanceOn(request.cchDataProcedimento as string) })).toEqual(expected);
  });

  it('refuses a procedure before the grace date, and allows its denial', () => {
    const balance = balanceOn('2025-09-15', '2025-04-01');
    expect(errors(valid, { balance })).toEqual({ cchDataProcedimento: 'Data do procedimento não pode ser anterior a carência' });
    expect(errors({ ...valid, cchStatus: 4, cchDeliberacao: 'Em carência' }, { balance })).toEqual({});
  });
});

describe('choosing PAGO (spec 2 §2.2)', () => {
  it('loads the bank data and fills the amount paid with the requested amount', () => {
    const bank = {
      cchBancoCliente: 'Maria',
      cchBancoCPF: '11144477735',
      cchBancoNumero: '001',
      cchBancoAgencia: '1234',
      cchBancoConta: '99',
      cchBancoContaDigito: null,
    };
    expect(cchPaymentDefaults(30_000, bank)).toEqual({ ...bank, cchValorPago: 30_000 });
    expect(cchPaymentDefaults(undefined, bank).cchValorPago).toBeNull();
  });
});
