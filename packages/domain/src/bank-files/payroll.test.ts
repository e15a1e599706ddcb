import { describe, expect, it } from 'vitest';
import { writeFile } from './file.js';
import { writeRecord } from './layout.js';
import {
  buildPayrollRemittance,
  buildPayrollReturnFrom,
  payrollHeader,
  payrollReturnDetail,
  payrollTrailer,
  readPayrollReturn,
  type PayrollRemittanceInput,
} from './payroll.js';

const input: PayrollRemittanceInput = {
  agreement: { code: 'TJ-0042', companyName: 'Associação dos Magistrados' },
  nsa: 5,
  date: '2025-03-01',
  month: '2025-03',
  items: [
    { registration: '1234567', name: 'Maria da Conceição', cpf: '111.444.777-35', chargeId: 801, valueCents: 15990, dueDate: '2025-03-25' },
    { registration: 'A-99', name: 'João', cpf: '52998224725', chargeId: 802, valueCents: 8000, dueDate: '2025-03-25' },
  ],
};

describe('payroll file (channel 10, docs/BANK-FILES.md)', () => {
  it('writes header, one line per registration and value, trailer with count and sum, at the documented positions', () => {
    const file = buildPayrollRemittance(input);
    expect(file.lines.every((line) => line.length === 150)).toBe(true);
    expect(file.text).toBe(file.lines.join('\r\n') + '\r\n');
    const [header, first, , trailer] = file.lines as [string, string, string, string];
    expect(header.slice(0, 82)).toBe(`01${'TJ-0042'.padEnd(20)}${'ASSOCIACAO DOS MAGISTRADOS'.padEnd(40)}20250320250301000005`);
    expect(first.slice(0, 120)).toBe(
      `1${'1234567'.padEnd(20)}${'MARIA DA CONCEICAO'.padEnd(40)}11144477735000000000015990${'801'.padEnd(25)}20250325`,
    );
    expect(first.slice(144)).toBe('000002');
    expect(trailer.slice(0, 24)).toBe('900000400000000000023990');
    expect(file.totalCents).toBe(23990);
    expect(file.records.map((r) => [r.line, r.chargeId, r.memberId, r.valueCents])).toEqual([
      [2, '801', '1234567', 15990],
      [3, '802', 'A-99', 8000],
    ]);
  });

  it('refuses a too-long registration and a bad due date, naming the line and the field', () => {
    expect(() => buildPayrollRemittance({ ...input, items: [{ ...input.items[0]!, registration: 'X'.repeat(21) }] })).toThrow(
      'Linha 2, campo registration, mais de 20 caracteres',
    );
    expect(() => buildPayrollRemittance({ ...input, items: [input.items[0]!, { ...input.items[1]!, dueDate: '2025-04-31' }] })).toThrow(
      'Linha 3, campo dueDate, data inválida',
    );
  });

  it('round trip: deducted, partly deducted, not deducted, no answer', () => {
    const remittance = buildPayrollRemittance({ ...input, items: [...input.items, { ...input.items[1]!, chargeId: 803 }] });
    const back = buildPayrollReturnFrom(remittance.text, { 801: '00', 802: { code: '01', deductedCents: 5000 }, 803: '02' }, { nsa: 9 });
    const file = readPayrollReturn(back.text);
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toEqual({ agreement: 'TJ-0042', month: '2025-03', date: '2025-03-01', nsa: 9, operation: '2' });
    expect(file.results.map((r) => [r.line, r.registration, r.chargeId, r.valueCents, r.deductedCents, r.code, r.status, r.description])).toEqual([
      [2, '1234567', '801', 15990, 15990, '00', 'paid', 'Descontado em folha'],
      [3, 'A-99', '802', 8000, 5000, '01', 'paid', 'Descontado parcialmente em folha'],
      [4, 'A-99', '803', 8000, 0, '02', 'rejected', 'Não descontado - margem consignável insuficiente'],
    ]);
    expect(back.totalCents).toBe(20990);
  });

  it('lists a bad line, an unknown record, and a trailer whose count or sum does not add up (kind "trailer")', () => {
    const header = writeRecord(payrollHeader, { operation: '2', agreement: 'X', month: '202503', date: '2025-03-30', nsa: 1 });
    const detail = writeRecord(payrollReturnDetail, {
      registration: '1',
      valueCents: 100,
      chargeId: '9',
      deductedCents: 100,
      status: '00',
      sequence: 2,
    });
    const text = writeFile([
      header,
      detail,
      `${detail.slice(0, 112)}00000000000001X${detail.slice(127)}`,
      '7'.padEnd(150),
      writeRecord(payrollTrailer, { recordCount: 4, totalCents: 100 }),
    ]);
    const file = readPayrollReturn(text.replace(/\r\n$/, ''));
    expect(file.problems).toEqual([
      { line: 3, kind: 'field', field: 'deductedCents', message: 'Linha 3, campo deductedCents, não numérico' },
      { line: 4, kind: 'record-type', message: 'Linha 4, tipo de registro desconhecido: "7"' },
      { line: 5, kind: 'trailer', field: 'recordCount', message: 'Linha 5, campo recordCount, quantidade de registros no trailer 4, no arquivo 5' },
    ]);
    expect(file.balanced).toBe(false);
    const sum = readPayrollReturn(writeFile([header, detail, writeRecord(payrollTrailer, { recordCount: 3, totalCents: 99 })]));
    expect(sum.problems).toEqual([
      {
        line: 3,
        kind: 'trailer',
        field: 'totalCents',
        message: 'Linha 3, campo totalCents, soma dos valores no trailer 99, no arquivo 100 (centavos)',
      },
    ]);
  });
});
