import { describe, expect, it } from 'vitest';
import { cnab150Layouts } from './cnab150.js';
import { cnab240Layouts } from './cnab240.js';
import { decodeLatin1, encodeLatin1, splitLines, writeFile } from './file.js';
import { BankFileError, defineLayout, layoutPositions, readRecord, toBankCharset, writeRecord, type Layout } from './layout.js';
import { payrollLayouts } from './payroll.js';

const all: Layout[] = [...cnab150Layouts, ...cnab240Layouts, ...payrollLayouts];

describe('every layout table', () => {
  it.each(all.map((layout) => [layout.name, layout] as const))('%s: contiguous from 1, no overlap, sum = width', (_name, layout) => {
    let next = 1;
    for (const [, start, end] of layoutPositions(layout)) {
      expect(start).toBe(next);
      next = end + 1;
    }
    expect(next - 1).toBe(layout.width);
    expect(layout.fields.reduce((sum, field) => sum + field.length, 0)).toBe(layout.width);
    expect(writeRecord(layout, {})).toHaveLength(layout.width);
  });

  it('refuses a table with a gap, an overlap, a wrong total or a const of the wrong size', () => {
    const base = { name: 'a', start: 1, length: 149, type: 'alpha' } as const;
    expect(() => defineLayout('gap', 150, [base, { name: 'b', start: 151, length: 1, type: 'num' }])).toThrow(/começa em 151, esperado 150/);
    expect(() => defineLayout('overlap', 150, [base, { name: 'b', start: 149, length: 2, type: 'num' }])).toThrow(/esperado 150/);
    expect(() => defineLayout('short', 150, [base])).toThrow(/soma 149, esperado 150/);
    expect(() => defineLayout('long', 240, [{ ...base, length: 241 }])).toThrow(/soma 241, esperado 240/);
    expect(() => defineLayout('const', 150, [base, { name: 'k', start: 150, length: 1, type: 'const', value: 'AB' }])).toThrow(/valor fixo/);
  });
});

const sample = defineLayout('test', 150, [
  { name: 'kind', start: 1, length: 1, type: 'const', value: 'X' },
  { name: 'code', start: 2, length: 5, type: 'num' },
  { name: 'name', start: 7, length: 10, type: 'alpha', truncate: true },
  { name: 'tag', start: 17, length: 4, type: 'alpha' },
  { name: 'cents', start: 21, length: 10, type: 'money' },
  { name: 'ymd', start: 31, length: 8, type: 'date-yyyymmdd' },
  { name: 'dmy', start: 39, length: 8, type: 'date-ddmmyyyy' },
  { name: 'dmy2', start: 47, length: 6, type: 'date-ddmmyy' },
  { name: '_filler', start: 53, length: 98, type: 'alpha' },
] as const);

describe('writeRecord / readRecord', () => {
  it('pads numbers with zeros on the left, text with spaces on the right, formats money and each date order', () => {
    const line = writeRecord(sample, {
      code: '42',
      name: 'Zé',
      tag: 'ab',
      cents: 15990,
      ymd: '2025-03-10',
      dmy: '2025-03-10',
      dmy2: '2025-03-10',
    });
    expect(line).toHaveLength(150);
    expect(line.slice(0, 52)).toBe(['X', '00042', 'ZE        ', 'AB  ', '0000015990', '20250310', '10032025', '100325'].join(''));
    expect(readRecord(sample, line)).toEqual({
      kind: 'X',
      code: '00042',
      name: 'ZE',
      tag: 'AB',
      cents: 15990,
      ymd: '2025-03-10',
      dmy: '2025-03-10',
      dmy2: '2025-03-10',
    });
  });

  it('writes absent fields as zeros or spaces and reads zero dates as null', () => {
    const line = writeRecord(sample, {});
    expect(line.slice(0, 52)).toBe(`X00000${' '.repeat(14)}${'0'.repeat(32)}`);
    expect(readRecord(sample, line)).toMatchObject({ code: '00000', name: '', cents: 0, ymd: null, dmy: null, dmy2: null });
  });

  it('removes accents, upper-cases and replaces characters outside the bank charset by a space', () => {
    expect(toBankCharset('São João, nº 5 – Ação; Çà_"x"')).toBe('SAO JOAO, NO 5   ACAO; CA  X ');
    expect(toBankCharset('RUA A, 10/2 (FUNDOS) & CIA')).toBe('RUA A, 10/2 (FUNDOS) & CIA');
    expect(writeRecord(sample, { name: 'conceição' }).slice(6, 16)).toBe('CONCEICAO ');
  });

  it('maps every ISO-8859-1 character as the general (NFKD) path does, one byte for one character', () => {
    const general = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase()
        .replace(/[^A-Z0-9 .,;:\-/()&@'*+%=?!#$]/g, ' ');
    for (let code = 0; code < 256; code++) {
      const text = `Ç${String.fromCharCode(code)}a`;
      expect(toBankCharset(text)).toBe(general(text));
    }
    expect(toBankCharset('ÁÉÍÓÚÂÊÔÃÕÀÜÇáéíóúâêôãõàüç')).toBe('AEIOUAEOAOAUCAEIOUAEOAOAUC');
  });

  it('cuts a too-long text only in a truncate field, refuses it elsewhere, naming the field', () => {
    expect(writeRecord(sample, { name: 'Maria Aparecida dos Santos' }).slice(6, 16)).toBe('MARIA APAR');
    expect(() => writeRecord(sample, { tag: 'ABCDE' })).toThrow(new BankFileError('mais de 4 caracteres', 'tag'));
  });

  it('refuses a too-long number (never truncated), a non-digit, a negative or fractional amount, a bad date', () => {
    expect(() => writeRecord(sample, { code: 123456 })).toThrow('campo code, mais de 5 caracteres');
    expect(() => writeRecord(sample, { code: '12a' })).toThrow('campo code, não numérico');
    expect(() => writeRecord(sample, { code: -1 })).toThrow('campo code, não numérico');
    expect(() => writeRecord(sample, { cents: 12345678901 })).toThrow('campo cents, mais de 10 caracteres');
    expect(() => writeRecord(sample, { cents: 10.5 })).toThrow('campo cents, valor em centavos inválido');
    expect(() => writeRecord(sample, { cents: -1 })).toThrow('campo cents, valor em centavos inválido');
    expect(() => writeRecord(sample, { ymd: '2025-02-30' })).toThrow('campo ymd, data inválida');
    expect(() => writeRecord(sample, { dmy: '10/03/2025' })).toThrow('campo dmy, data inválida');
    expect(() => writeRecord(sample, { dmy2: '1999-01-01' })).toThrow('campo dmy2, data inválida');
  });

  it('reading: a wrong-length line, a bad number and an impossible date name the line and the field', () => {
    const good = writeRecord(sample, { code: '1', ymd: '2025-03-10' });
    expect(() => readRecord(sample, `${good} `, 7)).toThrow('Linha 7, tamanho 151, esperado 150');
    expect(() => readRecord(sample, `X0A001${good.slice(6)}`, 3)).toThrow('Linha 3, campo code, não numérico');
    expect(() => readRecord(sample, good.slice(0, 30) + '20251301' + good.slice(38), 9)).toThrow('Linha 9, campo ymd, data inválida');
    expect(() => readRecord(sample, good.slice(0, 20) + '00000001,0' + good.slice(30), 4)).toThrow('Linha 4, campo cents, não numérico');
    const err = (() => {
      try {
        readRecord(sample, good.slice(0, 30) + '2025AB01' + good.slice(38), 12);
      } catch (error) {
        return error as BankFileError;
      }
    })();
    expect(err).toMatchObject({ line: 12, field: 'ymd' });
  });

  it('reads blank numeric and money fields (trimmed lines) as empty and zero', () => {
    const trimmed = writeRecord(sample, { code: '7' }).slice(0, 20).padEnd(150);
    expect(readRecord(sample, trimmed)).toMatchObject({ code: '00007', cents: 0, ymd: null });
  });
});

describe('file level', () => {
  const a = 'A'.padEnd(150, '.');
  const b = 'B'.padEnd(150, '.');

  it('writes the terminator after every record: CRLF by default, LF, or none', () => {
    expect(writeFile([a, b])).toBe(`${a}\r\n${b}\r\n`);
    expect(writeFile([a, b], 'LF')).toBe(`${a}\n${b}\n`);
    expect(writeFile([a, b], 'none')).toBe(a + b);
    expect(writeFile([])).toBe('');
  });

  it.each([
    ['CRLF', `${a}\r\n${b}\r\n`],
    ['LF', `${a}\n${b}\n`],
    ['LF without the last', `${a}\n${b}`],
    ['CR', `${a}\r${b}\r`],
    ['no terminator', a + b],
    ['blank lines at the end', `${a}\r\n${b}\r\n\r\n\n`],
    ['a BOM', `\ufeff${a}\n${b}`],
  ])('splits %s into records', (_name, text) => {
    expect(splitLines(text, 150)).toEqual([a, b]);
  });

  it('right-pads trimmed lines and keeps a long one for the reader to report', () => {
    expect(splitLines('A1\r\nZ\r\n', 150)).toEqual(['A1'.padEnd(150), 'Z'.padEnd(150)]);
    expect(splitLines(`${a}X\n${b}`, 150)[0]).toHaveLength(151);
  });

  it('decodes ISO-8859-1 bytes byte for byte (0x80–0x9F included) and encodes back', () => {
    const bytes = Uint8Array.from([0x4e, 0x45, 0x54, 0x20, 0x53, 0x45, 0x52, 0x56, 0x49, 0xc7, 0x4f, 0x53, 0x80, 0xe3]);
    const text = decodeLatin1(bytes);
    expect(text).toBe('NET SERVIÇOS\u0080ã');
    expect(encodeLatin1(text)).toEqual(bytes);
    expect(encodeLatin1('€')).toEqual(Uint8Array.from([0x3f]));
    const big = new Uint8Array(100_000).fill(0x41);
    expect(decodeLatin1(big)).toHaveLength(100_000);
  });
});
