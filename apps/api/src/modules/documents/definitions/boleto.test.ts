import bwipjs from 'bwip-js';
import { describe, expect, it } from 'vitest';
import { boleto, itfSvg } from './boleto.js';
import { bankCodeWithDigit, barcodeCheckDigit, dueFactor, isValidBarcode, linhaDigitavel } from './boleto-codes.js';
import { pdfPages, renderSample } from './money-testing.js';

/** Worked examples of BANKING-AND-HEALTH §2.6 (rows 1–5, A, B). */
const examples: [string, string][] = [
  ['00191684600002246740000001474166000000032817', '00190.00009 01474.166004 00000.328179 1 68460000224674'],
  ['03399511500000025009189977500000900002690102', '03399.18997 77500.000904 00026.901025 9 51150000002500'],
  ['03393545000000054009189977500000900027250102', '03399.18997 77500.000904 00272.501024 3 54500000005400'],
  ['03396204600000273719028203356661245780020102', '03399.02827 03356.661243 57800.201022 6 20460000027371'],
  ['00193373700000001000500940144816060680935031', '00190.50095 40144.816069 06809.350314 3 37370000000100'],
  ['00191101600000150000000001474166000000032917', '00190.00009 01474.166004 00000.329177 1 10160000015000'],
  ['03392101600000150009189977500000000123430101', '03399.18997 77500.000003 01234.301016 2 10160000015000'],
];

/** Reads an ITF symbol back from its bar/space widths (start nnnn, 5 bars + 5 spaces per digit pair, stop wnn). */
function decodeItf(widths: number[]): string {
  const narrow = Math.min(...widths);
  const wide = (w: number) => (w > narrow * 1.5 ? 'w' : 'n');
  const patterns = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];
  const body = widths.slice(4, 4 + Math.floor((widths.length - 7) / 10) * 10);
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10).map(wide);
    const bars = chunk.filter((_, k) => k % 2 === 0).join('');
    const spaces = chunk.filter((_, k) => k % 2 === 1).join('');
    digits += `${patterns.indexOf(bars)}${patterns.indexOf(spaces)}`;
  }
  return digits;
}

describe('boleto codes', () => {
  it.each(examples)('%s: check digit and linha digitável of the worked example', (barcode, linha) => {
    expect(isValidBarcode(barcode)).toBe(true);
    expect(barcodeCheckDigit(barcode)).toBe(Number(barcode[4]));
    expect(linhaDigitavel(barcode)).toBe(linha);
  });

  it('refuses a barcode with a wrong check digit or length', () => {
    expect(isValidBarcode('00192684600002246740000001474166000000032817')).toBe(false);
    expect(isValidBarcode('0019168460000224674000000147416600000003281')).toBe(false);
  });

  it('due-date factors match the published reference points, across the 2025 rollover', () => {
    expect(dueFactor('2000-07-03')).toBe(1000);
    expect(dueFactor('2000-07-04')).toBe(1001);
    expect(dueFactor('2002-05-01')).toBe(1667);
    expect(dueFactor('2010-11-17')).toBe(4789);
    expect(dueFactor('2016-07-05')).toBe(6846);
    expect(dueFactor('2025-02-21')).toBe(9999);
    expect(dueFactor('2025-02-22')).toBe(1000);
    expect(dueFactor('2025-03-10')).toBe(1016);
    expect(dueFactor('2000-07-02')).toBeNull();
  });

  it('bank codes carry their mod-11 digit', () => {
    expect(bankCodeWithDigit('001')).toBe('001-9');
    expect(bankCodeWithDigit('033')).toBe('033-7');
    expect(bankCodeWithDigit('104')).toBe('104-0');
    expect(bankCodeWithDigit('237')).toBe('237-2');
    expect(bankCodeWithDigit('341')).toBe('341-7');
  });

  it('draws the 44 digits as Interleaved 2 of 5 bars', () => {
    const barcode = examples[0]![0];
    const [symbol] = bwipjs.raw('interleaved2of5', barcode, { includetext: false });
    expect(symbol && 'sbs' in symbol ? decodeItf(symbol.sbs) : '').toBe(barcode);
    expect(itfSvg(barcode)).toMatch(/^<svg viewBox="0 0 \d+/);
  });
});

describe('boleto document', () => {
  it('prints the worked example: bank code, linha digitável, due date, amount, parties, nosso número', async () => {
    const [page, ...rest] = await pdfPages(await renderSample(boleto));
    expect(rest).toHaveLength(0);
    expect(page).toContain('Banco do Brasil');
    expect(page).toContain('001-9');
    expect(page).toContain('00190.00009 01474.166004 00000.328179 1 68460000224674');
    expect(page).toContain('05/07/2016');
    expect(page).toContain('R$ 2.246,74');
    expect(page).toContain('14741660000000328');
    expect(page).toContain('Associação dos Magistrados do Estado — CPF/CNPJ 11.222.333/0001-81');
    expect(page).toContain('José da Silva Araújo — CPF/CNPJ 529.982.247-25');
    expect(page).toContain('Recibo do Pagador');
    expect(page).toContain('Ficha de Compensação');
    expect(page).toContain('Pagável em qualquer banco até o vencimento');
  });

  it('refuses a barcode that does not match the bank, the amount or the due date', () => {
    expect(boleto.data.safeParse({ ...boleto.sample(), amount: 100 }).success).toBe(false);
    expect(boleto.data.safeParse({ ...boleto.sample(), dueDate: '2016-07-06' }).success).toBe(false);
    expect(boleto.data.safeParse({ ...boleto.sample(), bank: { code: '033', name: 'Santander' } }).success).toBe(false);
    expect(boleto.data.safeParse({ ...boleto.sample(), barcode: '00192684600002246740000001474166000000032817' }).success).toBe(false);
  });
});
