import { describe, expect, it } from 'vitest';
import {
  addMonthsIso,
  balanceAppliesTo,
  cchBalanceIssues,
  cchBalanceSchema,
  cchGraceDate,
  cchValuesOn,
  computeCchBalance,
  lastIncreaseDate,
  type CchBalanceInput,
  type CchSpendingRow,
} from './cch.balance.js';
import type { CchValues } from './cch.benefits.js';
import { cchMessages } from './messages.js';

const base: CchValues = {
  beneficio1: 100_000,
  beneficio2: 200_000,
  beneficio3: 50_000,
  beneficio4: 300_000,
  beneficio5: 400_000,
  fisioterapia: 80_000,
  fisioterapiaSessoes: 10,
  acupuntura: 60_000,
  acupunturaSessoes: 8,
};
const raised: CchValues = {
  beneficio1: 120_000,
  beneficio2: 220_000,
  beneficio3: 60_000,
  beneficio4: 330_000,
  beneficio5: 440_000,
  fisioterapia: 90_000,
  fisioterapiaSessoes: 12,
  acupuntura: 70_000,
  acupunturaSessoes: 10,
};
const valueSets = [
  { dataBase: '2025-07-01', values: raised },
  { dataBase: null, values: base },
];

let nextId = 1;
const row = (over: Partial<CchSpendingRow>): CchSpendingRow => ({
  cchId: nextId++,
  cchBeneficio: 1,
  cchStatus: 5,
  cchTUSS: '10101012',
  cchDataProcedimento: '2025-03-10',
  cchValorSolicitado: 10_000,
  cchValorPago: 10_000,
  cchQuantidade: 1,
  ...over,
});

const input = (over: Partial<CchBalanceInput> = {}): CchBalanceInput => ({
  cstId: 7,
  date: '2025-09-15',
  enrolment: { cslDate1: '2020-01-10' },
  valueSets,
  requests: [],
  ...over,
});

describe('grace date (carência): enrolment + 6 months, the last day of a short month', () => {
  it.each([
    ['2025-01-10', '2025-07-10'],
    ['2025-08-31', '2026-02-28'],
    ['2023-08-31', '2024-02-29'],
    ['2023-08-29', '2024-02-29'],
    ['2024-08-30', '2025-02-28'],
    ['2025-07-15', '2026-01-15'],
    ['2025-12-31', '2026-06-30'],
  ])('enrolled on %s: grace until %s', (enrolled, grace) => {
    expect(cchGraceDate({ cslDate1: enrolled })).toBe(grace);
  });

  it('has none when enrolled with v2cchdatainsc (cslInt4) or v2cchhistorico (cslInt5)', () => {
    expect(cchGraceDate({ cslDate1: '2025-01-10', ignoreEnrolmentDate: true })).toBeNull();
    expect(cchGraceDate({ cslDate1: '2025-01-10', ignoreHistory: true })).toBeNull();
  });

  it('adds months across years and backwards', () => {
    expect(addMonthsIso('2024-11-30', 3)).toBe('2025-02-28');
    expect(addMonthsIso('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonthsIso('2024-01-15', 0)).toBe('2024-01-15');
  });

  it.each([
    ['2025-07-09', true],
    ['2025-07-10', false],
    ['2025-07-11', false],
  ])('a procedure on %s, grace until 2025-07-10: refused %s', (date, refused) => {
    const balance = computeCchBalance(input({ date, enrolment: { cslDate1: '2025-01-10' } }));
    const issues = cchBalanceIssues(
      { cchStatus: 2, cchBeneficio: 1, cchTUSS: '10101012', cchDataProcedimento: date, cchValorSolicitado: 100, cchQuantidade: 1 },
      balance,
    );
    expect(issues.some((i) => i.message === cchMessages.procedureBeforeGrace)).toBe(refused);
  });
});

describe('yearly amounts in force and the last increase', () => {
  it.each([
    ['2025-06-30', base],
    ['2025-07-01', raised],
    ['2026-01-01', raised],
    ['2019-05-05', base],
  ])('on %s', (date, values) => expect(cchValuesOn(valueSets, date)).toEqual(values));

  it('reads the earliest known set when none is older than the date, and the last increase by date', () => {
    const onlyIncreases = [
      { dataBase: '2026-03-01', values: raised },
      { dataBase: '2024-03-01', values: base },
    ];
    expect(cchValuesOn(onlyIncreases, '2020-01-01')).toEqual(base);
    expect(lastIncreaseDate(onlyIncreases)).toBe('2026-03-01');
    expect(lastIncreaseDate([{ dataBase: null, values: base }])).toBeNull();
    expect(() => cchValuesOn([], '2025-01-01')).toThrow(RangeError);
  });
});

describe('balances on a date (GET cch/saldo)', () => {
  it('starts from the yearly amounts when nothing was spent', () => {
    const balance = computeCchBalance(input());
    expect(cchBalanceSchema.parse(balance)).toEqual(balance);
    expect(balance).toMatchObject({
      cstId: 7,
      data: '2025-09-15',
      ano: 2025,
      cslValue1: 120_000,
      cslValue2: 220_000,
      cslValue3: 90_000,
      cslValue10: 70_000,
      cslValue12: 60_000,
      cslValue14: 330_000,
      cslValue15: 440_000,
      cslInt2: 12,
      cslInt3: 10,
      cslDate1: '2020-07-10',
      cslDate2: '2025-07-01',
      anteriorReajuste: false,
    });
  });

  it('spends DEFERIDO (requested) and PAGO (paid) of the same year only; other statuses and years spend nothing', () => {
    const requests = [
      row({ cchStatus: 5, cchValorSolicitado: 30_000, cchValorPago: 25_000 }),
      row({ cchStatus: 3, cchValorSolicitado: 10_000, cchValorPago: null }),
      row({ cchStatus: 1, cchValorSolicitado: 5_000 }),
      row({ cchStatus: 2, cchValorSolicitado: 5_000 }),
      row({ cchStatus: 4, cchValorSolicitado: 5_000 }),
      row({ cchStatus: 6, cchValorSolicitado: 5_000, cchValorPago: 5_000 }),
      row({ cchStatus: 5, cchDataProcedimento: '2024-12-31', cchValorPago: 7_000 }),
      row({ cchStatus: 5, cchDataProcedimento: '2026-01-01', cchValorPago: 7_000 }),
      row({ cchStatus: 5, cchBeneficio: 3, cchValorSolicitado: 1_000, cchValorPago: 1_000 }),
    ];
    const balance = computeCchBalance(input({ requests }));
    expect(balance.cslValue1).toBe(120_000 - 25_000 - 10_000);
    expect(balance.cslValue12).toBe(60_000 - 1_000);
    expect(balance.cslValue2).toBe(220_000);
  });

  it.each([
    ['2025-12-31', 2025, 120_000 - 9_000],
    ['2026-01-01', 2026, 120_000 - 4_000],
    ['2024-12-31', 2024, 100_000],
  ])('year boundary: on %s the year is %i', (date, year, left) => {
    const requests = [
      row({ cchDataProcedimento: '2025-01-01', cchValorPago: 9_000 }),
      row({ cchDataProcedimento: '2026-12-31', cchValorPago: 4_000 }),
    ];
    const balance = computeCchBalance(input({ date, requests }));
    expect([balance.ano, balance.cslValue1]).toEqual([year, left]);
  });

  it('counts a leap day in its year', () => {
    const requests = [row({ cchDataProcedimento: '2024-02-29', cchValorPago: 3_000 })];
    expect(computeCchBalance(input({ date: '2024-12-31', requests })).cslValue1).toBe(100_000 - 3_000);
    expect(computeCchBalance(input({ date: '2025-02-28', requests })).cslValue1).toBe(100_000);
  });

  it('leaves out the request being edited', () => {
    const own = row({ cchValorPago: 50_000 });
    expect(computeCchBalance(input({ requests: [own] })).cslValue1).toBe(70_000);
    expect(computeCchBalance(input({ requests: [own], excludeCchId: own.cchId })).cslValue1).toBe(120_000);
  });

  it('gives physiotherapy and acupuncture their own balance and sessions, besides the benefit', () => {
    const requests = [
      row({ cchBeneficio: 2, cchTUSS: '50000144', cchValorPago: 20_000, cchQuantidade: 4 }),
      row({ cchBeneficio: 1, cchTUSS: '50000144', cchStatus: 3, cchValorSolicitado: 10_000, cchValorPago: null, cchQuantidade: 3 }),
      row({ cchBeneficio: 1, cchTUSS: '31601014', cchValorPago: 15_000, cchQuantidade: 10 }),
      row({ cchBeneficio: 1, cchTUSS: '31601014', cchStatus: 2, cchValorSolicitado: 15_000, cchQuantidade: 5 }),
    ];
    const balance = computeCchBalance(input({ requests }));
    expect(balance).toMatchObject({
      cslValue3: 90_000 - 30_000,
      cslInt2: 12 - 7,
      cslValue10: 70_000 - 15_000,
      cslInt3: 0,
      cslValue1: 120_000 - 10_000 - 15_000,
      cslValue2: 220_000 - 20_000,
    });
  });

  it('never shows a negative balance (physiotherapy may be lowered below what was spent)', () => {
    const requests = [row({ cchTUSS: '50000144', cchValorPago: 95_000, cchQuantidade: 15 })];
    expect(computeCchBalance(input({ requests }))).toMatchObject({ cslValue3: 0, cslInt2: 0 });
  });

  it('v2cchhistorico ignores what was spent before the enrolment date; v2cchdatainsc does not', () => {
    const requests = [
      row({ cchDataProcedimento: '2025-02-01', cchValorPago: 40_000 }),
      row({ cchDataProcedimento: '2025-05-01', cchValorPago: 1_000 }),
    ];
    const enrolled = '2025-03-01';
    expect(computeCchBalance(input({ requests, enrolment: { cslDate1: enrolled, ignoreHistory: true } }))).toMatchObject({
      cslValue1: 119_000,
      cslDate1: null,
    });
    expect(computeCchBalance(input({ requests, enrolment: { cslDate1: enrolled, ignoreEnrolmentDate: true } }))).toMatchObject({
      cslValue1: 79_000,
      cslDate1: null,
    });
    expect(computeCchBalance(input({ requests, enrolment: { cslDate1: enrolled } }))).toMatchObject({ cslValue1: 79_000, cslDate1: '2025-09-01' });
  });
});

describe('the request against its balances (spec 2 §5)', () => {
  const request = (over: Partial<Parameters<typeof cchBalanceIssues>[0]> = {}) => ({
    cchStatus: 2,
    cchBeneficio: 1,
    cchTUSS: '10101012',
    cchDataProcedimento: '2025-09-15',
    cchValorSolicitado: 10_000,
    cchQuantidade: 1,
    ...over,
  });
  const spent = [row({ cchDataProcedimento: '2025-02-01', cchValorPago: 90_000 })];

  it.each([
    ['the whole balance', 30_000, []],
    ['one cent more', 30_001, [{ path: 'cchValorSolicitado', message: 'Valor excede saldo disponível' }]],
  ])('after the increase: %s', (_, value, issues) => {
    const balance = computeCchBalance(input({ requests: spent }));
    expect(cchBalanceIssues(request({ cchValorSolicitado: value }), balance)).toEqual(issues);
  });

  it.each([
    ['2025-06-30', 10_001, 'Saldo anterior ao reajuste (R$ 100,00) é insuficiente...'],
    ['2025-06-30', 10_000, null],
    ['2025-07-01', 30_000, null],
    ['2025-07-01', 30_001, 'Valor excede saldo disponível'],
  ])('a procedure on %s asking %i (increase based on 2025-07-01)', (date, value, message) => {
    const balance = computeCchBalance(input({ date, requests: spent }));
    expect(balance.anteriorReajuste).toBe(date < '2025-07-01');
    const issues = cchBalanceIssues(request({ cchDataProcedimento: date, cchValorSolicitado: value }), balance);
    expect(issues.map((i) => i.message)).toEqual(message ? [message] : []);
  });

  it('checks physiotherapy and acupuncture against their own balance and sessions', () => {
    const requests = [
      row({ cchTUSS: '50000144', cchValorPago: 85_000, cchQuantidade: 9 }),
      row({ cchTUSS: '31601014', cchValorPago: 1_000, cchQuantidade: 10 }),
    ];
    const balance = computeCchBalance(input({ requests }));
    expect(cchBalanceIssues(request({ cchTUSS: '50000144', cchValorSolicitado: 5_000, cchQuantidade: 3 }), balance)).toEqual([]);
    expect(cchBalanceIssues(request({ cchTUSS: '50000144', cchValorSolicitado: 5_001, cchQuantidade: 4 }), balance)).toEqual([
      { path: 'cchValorSolicitado', message: 'Valor solicitado superior ao saldo de fisioterapia/acupuntura' },
      { path: 'cchQuantidade', message: 'Número de sessões superior ao saldo de sessões de fisioterapia no ano (3)' },
    ]);
    expect(cchBalanceIssues(request({ cchTUSS: '31601014', cchValorSolicitado: 100, cchQuantidade: 1 }), balance)).toEqual([
      { path: 'cchQuantidade', message: 'Sessões de acupuntura esgotadas no ano' },
    ]);
    const physioDone = computeCchBalance(input({ requests: [row({ cchTUSS: '50000144', cchValorPago: 100, cchQuantidade: 12 })] }));
    expect(cchBalanceIssues(request({ cchTUSS: '50000144', cchValorSolicitado: 100 }), physioDone)).toEqual([
      { path: 'cchQuantidade', message: 'Sessões de fisioterapia esgotadas no ano' },
    ]);
  });

  it('lets a request be denied or cancelled whatever its balance and grace', () => {
    const balance = computeCchBalance(input({ enrolment: { cslDate1: '2025-08-01' }, requests: spent }));
    const over = request({ cchValorSolicitado: 999_999, cchTUSS: '50000144', cchQuantidade: 20 });
    expect(cchBalanceIssues({ ...over, cchStatus: 2 }, balance).length).toBeGreaterThan(0);
    expect(cchBalanceIssues({ ...over, cchStatus: 4 }, balance)).toEqual([]);
    expect(cchBalanceIssues({ ...over, cchStatus: 6 }, balance)).toEqual([]);
  });

  it('checks nothing against the balances of another year or the other side of the increase', () => {
    const balance = computeCchBalance(input({ date: '2025-09-15', requests: spent }));
    expect(balanceAppliesTo(balance, '2025-07-01')).toBe(true);
    expect(balanceAppliesTo(balance, '2025-06-30')).toBe(false);
    expect(balanceAppliesTo(balance, '2024-09-15')).toBe(false);
    expect(balanceAppliesTo(balance, 'x')).toBe(false);
    expect(cchBalanceIssues(request({ cchDataProcedimento: '2024-09-15', cchValorSolicitado: 999_999 }), balance)).toEqual([]);
  });
});
