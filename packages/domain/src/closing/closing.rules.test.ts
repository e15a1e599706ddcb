import { describe, expect, it } from 'vitest';
import {
  addMonths,
  adminRate,
  chargePlace,
  closingDueDate,
  closingLineKey,
  daysInForce,
  daysInMonth,
  inWritingOrder,
  instalmentMonths,
  proRata,
  serviceRowLines,
  type ClosingService,
} from './closing.rules.js';

describe('months', () => {
  it.each([
    [{ ano: 2024, mes: 2 }, 29],
    [{ ano: 2025, mes: 2 }, 28],
    [{ ano: 2100, mes: 2 }, 28],
    [{ ano: 2000, mes: 2 }, 29],
    [{ ano: 2026, mes: 4 }, 30],
    [{ ano: 2026, mes: 12 }, 31],
  ])('%o has %i days', (m, days) => expect(daysInMonth(m)).toBe(days));

  it.each([
    [{ ano: 2026, mes: 11 }, 1, { ano: 2026, mes: 12 }],
    [{ ano: 2026, mes: 12 }, 1, { ano: 2027, mes: 1 }],
    [{ ano: 2026, mes: 1 }, -1, { ano: 2025, mes: 12 }],
    [{ ano: 2026, mes: 5 }, 14, { ano: 2027, mes: 7 }],
  ])('%o plus %i months is %o', (m, k, expected) => expect(addMonths(m, k)).toEqual(expected));

  it('puts instalment k in the (k − 1)-th month after the open one', () => {
    expect(instalmentMonths({ ano: 2026, mes: 11 }, 3)).toEqual([
      { ano: 2026, mes: 11 },
      { ano: 2026, mes: 12 },
      { ano: 2027, mes: 1 },
    ]);
  });
});

describe('daysInForce', () => {
  const nov = { ano: 2026, mes: 11 };
  it.each([
    [null, null, 30],
    ['2020-01-01', null, 30],
    ['2026-11-01', '2026-11-30', 30],
    ['2026-11-16', null, 15],
    [null, '2026-11-10', 10],
    ['2026-11-10', '2026-11-10', 1],
    ['2026-11-10', '2026-11-19', 10],
    ['2026-12-01', null, 0],
    [null, '2026-10-31', 0],
    ['2025-01-01', '2027-01-01', 30],
  ])('from %s to %s: %i days of November', (inicio, fim, days) => expect(daysInForce(nov, inicio, fim)).toBe(days));

  it('counts February of a leap year', () => {
    expect(daysInForce({ ano: 2028, mes: 2 }, '2028-02-15', null)).toBe(15);
    expect(daysInForce({ ano: 2027, mes: 2 }, '2027-02-15', null)).toBe(14);
  });
});

describe('proRata', () => {
  it.each([
    [30000, 30, 30, 30000],
    [30000, 15, 30, 15000],
    [10000, 1, 31, 323], // 322.58 → 323
    [10000, 10, 31, 3226], // 3225.8 → 3226
    [100, 1, 2, 50],
    [1, 1, 2, 1], // 0.5 rounds half up
    [3, 1, 2, 2], // 1.5 → 2
    [29900, 14, 28, 14950],
    [29900, 14, 29, 14434], // 14434.48 → 14434
    [50000, 0, 30, 0],
    [2_000_000_000, 30, 31, 1_935_483_871], // large values stay exact integers
  ])('%i cents for %i of %i days is %i', (cents, days, monthDays, expected) => expect(proRata(cents, days, monthDays)).toBe(expected));
});

describe('adminRate', () => {
  it.each([
    [10000, 5, 500],
    [10000, 5.5, 550],
    [12345, 2.5, 309], // 308.625 → 309
    [12345, 0.01, 1], // 1.2345 → 1
    [100, 0.5, 1], // 0.5 → 1 (half up)
    [99, 0.5, 0], // 0.495 → 0
    [29990, 7.35, 2204], // 2204.265 → 2204
    [10000, 0, 0],
    [0, 10, 0],
    [10000, 0.1 + 0.2, 30], // 0.30000000000000004 % is read as 30 basis points
  ])('%i cents at %d %% is %i', (cents, rate, expected) => expect(adminRate(cents, rate)).toBe(expected));
});

describe('serviceRowLines', () => {
  const nov = { ano: 2026, mes: 11 };
  const plan: ClosingService = {
    svcId: 7,
    svcName: 'Plano de Saúde',
    svcValor: 60000,
    svcTaxaAdm: 2,
    svcTaxaAdmNs: 5,
    svcProRata: true,
    svcLancaNoFim: false,
    svcServiceType: 0,
  };
  const row = { cslId: 70, cstId: 101, valor: 0, cslInicio: null, cslFim: null };

  it("charges the service's value and the sócio rate as its own line", () => {
    expect(serviceRowLines(nov, plan, row, true)).toEqual([
      { kind: 'servico', cstId: 101, svcId: 7, cslId: 70, descricao: 'Plano de Saúde 11/2026', valor: 60000, atEnd: false },
      { kind: 'taxa', cstId: 101, svcId: 7, cslId: 70, descricao: 'Taxa administrativa — Plano de Saúde', valor: 1200, atEnd: false },
    ]);
  });

  it("charges the row's own value and the non-sócio rate", () => {
    const lines = serviceRowLines(nov, plan, { ...row, valor: 45000 }, false);
    expect(lines.map((l) => l.valor)).toEqual([45000, 2250]);
  });

  it('charges pro rata a row that starts inside the month, and rates the prorated amount', () => {
    const lines = serviceRowLines(nov, plan, { ...row, cslInicio: '2026-11-21' }, true);
    expect(lines.map((l) => [l.descricao, l.valor])).toEqual([
      ['Plano de Saúde 11/2026 (10/30 dias)', 20000],
      ['Taxa administrativa — Plano de Saúde', 400],
    ]);
  });

  it('charges the whole month when the service is not pro rata', () => {
    const lines = serviceRowLines(nov, { ...plan, svcProRata: false }, { ...row, cslFim: '2026-11-05' }, true);
    expect(lines[0]!.valor).toBe(60000);
  });

  it('does not charge a row ended before the month or starting after it', () => {
    expect(serviceRowLines(nov, plan, { ...row, cslFim: '2026-10-31' }, true)).toEqual([]);
    expect(serviceRowLines(nov, plan, { ...row, cslInicio: '2026-12-01' }, true)).toEqual([]);
  });

  it('does not charge posting services (Digitação, Remessa) nor a row without value', () => {
    expect(serviceRowLines(nov, { ...plan, svcServiceType: 1 }, row, true)).toEqual([]);
    expect(serviceRowLines(nov, { ...plan, svcServiceType: 2 }, row, true)).toEqual([]);
    expect(serviceRowLines(nov, { ...plan, svcServiceType: 3 }, row, true)).toHaveLength(2);
    expect(serviceRowLines(nov, { ...plan, svcValor: 0 }, row, true)).toEqual([]);
  });

  it('writes the lines of services that post at the end after the others', () => {
    const late = serviceRowLines(nov, { ...plan, svcId: 8, svcName: 'Seguro', svcLancaNoFim: true }, { ...row, cslId: 80 }, true);
    const early = serviceRowLines(nov, plan, row, true);
    expect(inWritingOrder([...late, ...early]).map((l) => l.svcId)).toEqual([7, 7, 8, 8]);
  });

  it('keys a line by period, row and kind', () => {
    expect(closingLineKey(12, { kind: 'servico', cslId: 70 })).toBe('fech:12:servico:70');
    expect(closingLineKey(12, { kind: 'taxa', cslId: 70 })).toBe('fech:12:taxa:70');
    expect(closingLineKey(12, { kind: 'parcela', cslId: null, pinId: 5 })).toBe('parcela:5');
  });
});

describe('closingDueDate', () => {
  const holidays = new Set(['2026-12-25', '2027-01-01', '2026-11-20', '2027-02-16']);
  it.each([
    // [closing month, billing day, bank, due]
    [{ ano: 2026, mes: 10 }, 4, 1, '2026-11-04'], // Wednesday
    [{ ano: 2026, mes: 10 }, 20, 2, '2026-11-23'], // holiday Friday 20 → Monday 23
    [{ ano: 2026, mes: 11 }, 25, 11, '2026-12-28'], // Christmas Friday → Monday
    [{ ano: 2026, mes: 12 }, 1, 11, '2027-01-04'], // New Year Friday, then the weekend
    [{ ano: 2026, mes: 12 }, 31, 1, '2027-02-01'], // Sunday 31 Jan → Monday 1 Feb
    [{ ano: 2027, mes: 1 }, 31, 1, '2027-03-01'], // 28 Feb 2027 is a Sunday → Monday 1 Mar
    [{ ano: 2028, mes: 1 }, 31, 1, '2028-02-29'], // leap year: Tuesday 29 Feb
    [{ ano: 2027, mes: 1 }, 16, 2, '2027-02-17'], // Carnival Tuesday registered as holiday
    [{ ano: 2026, mes: 10 }, null, 1, '2026-11-04'], // no billing day: the default 4
    [{ ano: 2026, mes: 10 }, 4, 10, '2026-11-30'], // payroll: the next month's last day
    [{ ano: 2027, mes: 1 }, 4, 10, '2027-02-28'], // payroll is not moved off a Sunday
  ])('closing %o, billing day %s, bank %i: due %s', (m, day, bank, due) => expect(closingDueDate(m, day, bank, holidays)).toBe(due));
});

describe('chargePlace', () => {
  it('keeps the debit place, gives a boleto to a holder without one and no charge to "Sem cobrança bancária"', () => {
    expect(chargePlace(1)).toBe(1);
    expect(chargePlace(10)).toBe(10);
    expect(chargePlace(null)).toBe(11);
    expect(chargePlace(20)).toBeNull();
  });
});
