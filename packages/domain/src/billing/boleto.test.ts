import { describe, expect, it } from 'vitest';
import { boletoNumbers, dueFactor, generalCheckDigit, isValidDigitableLine, mod10, santanderNossoNumeroDigit } from './boleto.js';

/** Every worked example of /work/shared/domain/BANKING-AND-HEALTH.md §2.6 (rows 1–4, A, B) and §2.3/§2.4's points. */
const plain = (formatted: string) => formatted.replace(/\D/g, '');

describe('due-date factor (§2.3)', () => {
  it.each([
    ['2000-07-03', 1000],
    ['2000-07-04', 1001],
    ['2002-05-01', 1667],
    ['2010-11-17', 4789],
    ['2011-10-09', 5115],
    ['2012-09-08', 5450],
    ['2016-07-05', 6846],
    ['2025-02-21', 9999],
    ['2025-02-22', 1000],
    ['2025-02-23', 1001],
    ['2025-03-10', 1016],
    ['2049-10-13', 9999],
    ['2049-10-14', 1000],
  ])('%s → %i', (date, factor) => expect(dueFactor(date)).toBe(factor));

  it('refuses a date before 2000-07-03 and an invalid date', () => {
    expect(() => dueFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dueFactor('não')).toThrow(RangeError);
  });
});

describe('check digits', () => {
  it('Santander nosso número (§2.4: SAN-BARRAS, SAN-240 Nota 15, §2.6 rows 2, 3, B)', () => {
    expect(santanderNossoNumeroDigit('566612457800')).toBe(2);
    expect(santanderNossoNumeroDigit('3147578')).toBe(7);
    expect(santanderNossoNumeroDigit('4870184')).toBe(0);
    expect(santanderNossoNumeroDigit('000009000026')).toBe(9);
    expect(santanderNossoNumeroDigit('000009000272')).toBe(5);
    expect(santanderNossoNumeroDigit('000000001234')).toBe(3);
  });

  it('general digit: the 0/10/11 rule gives 1 (§2.2; row 1 has remainder 0, row A remainder 1)', () => {
    const row1 = '00191684600002246740000001474166000000032817';
    const rowA = '00191101600000150000000001474166000000032917';
    for (const barcode of [row1, rowA]) {
      expect(barcode[4]).toBe('1');
      expect(generalCheckDigit(barcode.slice(0, 4) + barcode.slice(5))).toBe(1);
    }
    // BB-BOLETO Anexo V (row 5): an ordinary digit
    const row5 = '00193373700000001000500940144816060680935031';
    expect(generalCheckDigit(row5.slice(0, 4) + row5.slice(5))).toBe(3);
  });

  it('mod 10 of a field gives 0 when the sum is a multiple of 10', () => {
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0000000000')).toBe(0);
  });
});

describe('boleto numbers (§2.6 worked examples)', () => {
  it('row 1: BB convênio 7 digits, wallet 17, 2016-07-05, R$ 2.246,74', () => {
    const b = boletoNumbers({ bank: '001', agreement: '1474166', sequence: '0000000328', wallet: '17', dueDate: '2016-07-05', amountCents: 224674 });
    expect(b.barcode).toBe('00191684600002246740000001474166000000032817');
    expect(b.digitableLineFormatted).toBe('00190.00009 01474.166004 00000.328179 1 68460000224674');
    expect(b.nossoNumero).toBe('14741660000000328');
    expect(b.dueFactor).toBe(6846);
  });

  it('row 2: Santander 1899775, nosso número 9000026, wallet 102, 2011-10-09, R$ 25,00', () => {
    const b = boletoNumbers({ bank: '033', agreement: '1899775', sequence: 9000026, wallet: '102', dueDate: '2011-10-09', amountCents: 2500 });
    expect(b.barcode).toBe('03399511500000025009189977500000900002690102');
    expect(b.digitableLineFormatted).toBe('03399.18997 77500.000904 00026.901025 9 51150000002500');
    expect(b.nossoNumero).toBe('000009000026-9');
  });

  it('row 3: Santander nosso número 9000272, 2012-09-08, R$ 54,00', () => {
    const b = boletoNumbers({ bank: '033', agreement: '1899775', sequence: '9000272', wallet: '102', dueDate: '2012-09-08', amountCents: 5400 });
    expect(b.barcode).toBe('03393545000000054009189977500000900027250102');
    expect(b.digitableLineFormatted).toBe('03399.18997 77500.000904 00272.501024 3 54500000005400');
  });

  it('row 4: SAN-BARRAS, PSK 0282033, nosso número 566612457800, factor 2046, R$ 273,71 (dots as BB prints them)', () => {
    // factor 2046 is 2003-05-15 (before the rollover) and 2028-01-04 (after it)
    for (const dueDate of ['2003-05-15', '2028-01-04']) {
      const b = boletoNumbers({ bank: '033', agreement: '0282033', sequence: '566612457800', wallet: '102', dueDate, amountCents: 27371 });
      expect(b.barcode).toBe('03396204600000273719028203356661245780020102');
      expect(b.digitableLine).toBe(plain('03399.02827 03356.661243 57800.201022 6 20460000027371'));
    }
  });

  it('row A: BB after the 2025 rollover (factor 1016), remainder 1 → DV 1', () => {
    const b = boletoNumbers({ bank: '001', agreement: '1474166', sequence: 329, wallet: '17', dueDate: '2025-03-10', amountCents: 15000 });
    expect(b.barcode).toBe('00191101600000150000000001474166000000032917');
    expect(b.digitableLineFormatted).toBe('00190.00009 01474.166004 00000.329177 1 10160000015000');
    expect(b.dueFactor).toBe(1016);
  });

  it('row B: Santander after the rollover, nosso número 000000001234 DV 3, wallet 101', () => {
    const b = boletoNumbers({
      bank: '033',
      agreement: '1899775',
      sequence: '000000001234',
      wallet: '101',
      dueDate: '2025-03-10',
      amountCents: 15000,
    });
    expect(b.barcode).toBe('03392101600000150009189977500000000123430101');
    expect(b.digitableLineFormatted).toBe('03399.18997 77500.000003 01234.301016 2 10160000015000');
    expect(b.nossoNumero).toBe('000000001234-3');
  });

  it('row 5 (BB 6-digit layout, not built here) and every row above pass the linha digitável check', () => {
    for (const line of [
      '00190.50095 40144.816069 06809.350314 3 37370000000100',
      '00190.00009 01474.166004 00000.328179 1 68460000224674',
      '03399.18997 77500.000904 00026.901025 9 51150000002500',
      '03399.18997 77500.000003 01234.301016 2 10160000015000',
    ])
      expect(isValidDigitableLine(line)).toBe(true);
    expect(isValidDigitableLine('00190.50095 40144.816069 06809.350314 4 37370000000100')).toBe(false);
    expect(isValidDigitableLine('123')).toBe(false);
  });

  it('refuses bad inputs', () => {
    const base = { bank: '001', agreement: '1474166', sequence: 1, wallet: '17', dueDate: '2026-01-10', amountCents: 100 } as const;
    expect(() => boletoNumbers({ ...base, agreement: '147416' })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, sequence: '12345678901' })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, amountCents: -1 })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => boletoNumbers({ ...base, bank: '033', agreement: '1899775', wallet: '101', iof: 10 })).toThrow(RangeError);
  });
});
