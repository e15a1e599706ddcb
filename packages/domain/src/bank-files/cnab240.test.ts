import { describe, expect, it } from 'vitest';
import { boletoNumbers } from '../billing/boleto.js';
import {
  buildBoletoRemittance,
  buildBoletoReturnFrom,
  cnab240FileTrailer,
  cnab240HeaderBB,
  cnab240HeaderSantander,
  cnab240LotTrailer,
  cnab240TBB,
  cnab240TSantander,
  cnab240U,
  MAX_TITLES_PER_LOT,
  readBoletoReturn,
  type BoletoRemittanceInput,
} from './cnab240.js';
import { encodeLatin1, writeFile } from './file.js';
import { writeRecord } from './layout.js';

/** 1-based inclusive slice, as the manuals print positions. */
const at = (line: string, start: number, end: number) => line.slice(start - 1, end);

const payer = {
  name: 'José da Conceição Araújo Magalhães Filho Neto',
  cpf: '111.444.777-35',
  address: 'Rua São João, 1.234 - apto 5º',
  district: 'Centro',
  cep: '01001-000',
  city: 'São Paulo',
  uf: 'SP',
};

/** BB, shaped like brcobranca's remessa-banco_brasil-cnab240.rem (§3.7): branch 01234-3, account 12345-5, convênio 1234567. */
const bbInput: BoletoRemittanceInput = {
  bank: '001',
  agreement: {
    code: '1234567',
    companyName: 'Associação dos Magistrados',
    companyCnpj: '12.345.678/0001-95',
    agency: '1234',
    agencyDigit: '3',
    account: '12345',
    accountDigit: '5',
  },
  nsa: 1,
  date: '2015-07-01',
  time: '101500',
  boletos: [
    {
      chargeId: 9001,
      nossoNumero: boletoNumbers({ bank: '001', agreement: '1234567', sequence: 123, wallet: '17', dueDate: '2015-07-14', amountCents: 19990 })
        .nossoNumero,
      dueDate: '2015-07-14',
      valueCents: 19990,
      payer,
    },
  ],
};

const santanderNosso = (sequence: number) =>
  boletoNumbers({ bank: '033', agreement: '1234567', sequence, wallet: '101', dueDate: '2016-04-01', amountCents: 1000 }).nossoNumero;

const santanderInput: BoletoRemittanceInput = {
  bank: '033',
  agreement: {
    code: '123400001234567',
    companyName: 'Associação dos Magistrados',
    companyCnpj: '12345678000195',
    agency: '1234',
    agencyDigit: '0',
    account: '13001234',
    accountDigit: '5',
  },
  nsa: 12,
  date: '2016-03-20',
  boletos: [{ chargeId: 'C-1', nossoNumero: santanderNosso(566612457800), dueDate: '2016-04-01', valueCents: 1000, payer }],
};

describe('CNAB 240 remittance: file header, lot header, P, Q, trailers (§3.1–3.3)', () => {
  it('Banco do Brasil: every key position of §3.1/§3.2/§3.3', () => {
    const file = buildBoletoRemittance(bbInput);
    expect(file.lines.map((line) => line.length)).toEqual([240, 240, 240, 240, 240, 240]);
    expect(file.text).toBe(file.lines.join('\r\n') + '\r\n');
    const [header, lot, p, q, lotTrailer, trailer] = file.lines as [string, string, string, string, string, string];
    expect(at(header, 1, 8)).toBe('00100000');
    expect(at(header, 18, 32)).toBe('212345678000195');
    expect(at(header, 33, 52)).toBe('00123456700141701900'.slice(0, 18) + '  ');
    expect(at(header, 53, 72)).toBe('012343000000012345' + '5 ');
    expect(at(header, 73, 102)).toBe('ASSOCIACAO DOS MAGISTRADOS    ');
    expect(at(header, 143, 166)).toBe('101072015101500000001083');
    expect(at(lot, 1, 17)).toBe('00100011R01  042 ');
    expect(at(lot, 34, 53)).toBe('001234567001417019  ');
    expect(at(lot, 184, 199)).toBe('0000000101072015');
    expect(at(p, 1, 17)).toBe('0010001300001P 01');
    expect(at(p, 18, 37)).toBe('012343000000012345' + '5 ');
    expect(at(p, 38, 57)).toBe('12345670000000123   ');
    expect(at(p, 58, 62)).toBe('71 00');
    expect(at(p, 63, 77)).toBe('9001           ');
    expect(at(p, 78, 85)).toBe('14072015');
    expect(at(p, 86, 100)).toBe('000000000019990');
    expect(at(p, 107, 117)).toBe('04N01072015');
    expect(at(p, 196, 220)).toBe('9001'.padEnd(25));
    expect(at(p, 221, 229)).toBe('300106009');
    expect(at(q, 1, 17)).toBe('0010001300002Q 01');
    expect(at(q, 18, 33)).toBe('1000011144477735');
    expect(at(q, 34, 73)).toBe('JOSE DA CONCEICAO ARAUJO MAGALHAES FILHO');
    expect(at(q, 74, 113)).toBe('RUA SAO JOAO, 1.234 - APTO 5O'.padEnd(40));
    expect(at(q, 129, 153)).toBe('01001000SAO PAULO      SP');
    expect(at(lotTrailer, 1, 46)).toBe('00100015         000004000001' + '00000000000019990');
    expect(at(trailer, 1, 29)).toBe('00199999         000001000006');
    expect(file.totalCents).toBe(19990);
    expect(file.records).toEqual([{ line: 3, chargeId: '9001', memberId: '', valueCents: 19990 }]);
  });

  it('Santander: its own header, lot header and P positions (SAN-240), currency 00, write-off code 1', () => {
    const file = buildBoletoRemittance(santanderInput);
    const [header, lot, p, q, lotTrailer, trailer] = file.lines as [string, string, string, string, string, string];
    expect(file.lines.every((line) => line.length === 240)).toBe(true);
    expect(at(header, 17, 47)).toBe('2012345678000195123400001234567');
    expect(at(header, 143, 151)).toBe('120032016');
    expect(at(header, 158, 166)).toBe('000012040');
    expect(at(lot, 9, 17)).toBe('R01  030 ');
    expect(at(lot, 54, 68)).toBe('123400001234567');
    expect(at(p, 18, 44)).toBe('1234' + '0' + '013001234' + '5' + '013001234' + '5' + '  ');
    expect(at(p, 45, 57)).toBe('5666124578002');
    expect(at(p, 58, 60)).toBe('111');
    expect(at(p, 224, 229)).toBe('106000');
    expect(at(q, 210, 240)).toBe('0'.repeat(12) + ' '.repeat(19));
    expect(at(lotTrailer, 1, 23)).toBe('03300015         000004');
    expect(at(lotTrailer, 24, 240).trim()).toBe('');
    expect(at(trailer, 1, 29)).toBe('03399999         000001000006');
    // A 12-digit nosso número gets its digit; a 13-digit one (or 12-dash-digit) is checked.
    const twelve = buildBoletoRemittance({ ...santanderInput, boletos: [{ ...santanderInput.boletos[0]!, nossoNumero: '566612457800' }] });
    expect(at(twelve.lines[2]!, 45, 57)).toBe('5666124578002');
  });

  it('refuses a foreign or wrong nosso número, a too-long value, a bad due date, naming the line and the field', () => {
    const boleto = bbInput.boletos[0]!;
    expect(() => buildBoletoRemittance({ ...bbInput, boletos: [{ ...boleto, nossoNumero: '76543210000000123' }] })).toThrow(
      'Linha 3, campo nossoNumero, nosso número não começa pelo convênio',
    );
    expect(() => buildBoletoRemittance({ ...santanderInput, boletos: [{ ...santanderInput.boletos[0]!, nossoNumero: '566612457800-3' }] })).toThrow(
      'Linha 3, campo nossoNumero, dígito do nosso número não confere',
    );
    expect(() => buildBoletoRemittance({ ...bbInput, boletos: [boleto, { ...boleto, valueCents: 10 ** 15 }] })).toThrow(
      'Linha 5, campo valueCents, mais de 15 caracteres',
    );
    expect(() => buildBoletoRemittance({ ...bbInput, boletos: [{ ...boleto, dueDate: '2015-13-01' }] })).toThrow(
      'Linha 3, campo dueDate, data inválida',
    );
    expect(() => buildBoletoRemittance({ ...bbInput, agreement: { ...bbInput.agreement, account: '1234567890123' } })).toThrow(
      'Linha 1, campo account, mais de 12 caracteres',
    );
  });
});

/** A BB return shaped like brcobranca's CNAB240.RET (§3.7): movement 17, paid 344.00, net 342.97, fee 1.03, reason 03. */
function bbReturnLines() {
  const common = { bankCode: '001', lot: 1 };
  return [
    writeRecord(cnab240HeaderBB, {
      bankCode: '001',
      companyIdType: '2',
      companyId: '12345678000195',
      operation: '2',
      date: '2012-01-02',
      nsa: 51,
      version: '083',
    }),
    `00100011T01  042 2012345678000195`.padEnd(240),
    writeRecord(cnab240TBB, {
      ...common,
      sequence: 1,
      movement: '17',
      agency: '01234',
      account: '12345',
      nossoNumero: '14499570000020673',
      dueDate: '2011-12-28',
      valueCents: 34400,
      receivingBank: '001',
      chargeId: '4242',
      currency: '09',
      feeCents: 103,
      reasons: '03',
    }),
    writeRecord(cnab240U, {
      ...common,
      sequence: 2,
      movement: '17',
      paidCents: 34400,
      netCents: 34297,
      occurrenceDate: '2011-12-29',
      creditDate: '2012-01-02',
    }),
    writeRecord(cnab240LotTrailer, { ...common, recordCount: 4, simpleCount: 1, simpleCents: 34400 }),
    writeRecord(cnab240FileTrailer, { bankCode: '001', lotCount: 1, recordCount: 6 }),
  ];
}

/** A Santander return shaped like brcobranca's CNAB240SANTANDER.RET (§3.7): T 02 fee 3.92, T 06 paid R$ 10,00 via 104, reason 04. */
function santanderReturnLines() {
  const common = { bankCode: '033', lot: 1 };
  const t = (sequence: number, movement: string, nosso: string, fee: number, reasons: string, receivingBank: string) =>
    writeRecord(cnab240TSantander, {
      ...common,
      sequence,
      movement,
      agency: '1234',
      account: '13001234',
      nossoNumero: nosso,
      dueDate: '2016-04-01',
      valueCents: 1000,
      receivingBank,
      chargeId: `C-${sequence}`,
      payerName: 'Ã Ç',
      feeCents: fee,
      reasons,
    });
  const u = (sequence: number, movement: string, paid: number, occurrence: string | null, credit: string | null) =>
    writeRecord(cnab240U, { ...common, sequence, movement, paidCents: paid, netCents: paid, occurrenceDate: occurrence, creditDate: credit });
  return [
    writeRecord(cnab240HeaderSantander, {
      bankCode: '033',
      companyIdType: '2',
      companyId: '12345678000195',
      agreement: '123400001234567',
      companyName: 'ASSOCIAÇÃO',
      operation: '2',
      date: '2016-04-04',
      nsa: 7,
      version: '040',
    }),
    `03300011T01  030 2012345678000195`.padEnd(240),
    t(1, '02', '5666124578002', 392, '', '000'),
    u(2, '02', 0, null, null),
    t(3, '06', '0000031475787', 0, '04', '104'),
    u(4, '06', 1000, '2016-04-01', '2016-04-04'),
    writeRecord(cnab240LotTrailer, { ...common, recordCount: 6 }),
    writeRecord(cnab240FileTrailer, { bankCode: '033', lotCount: 1, recordCount: 8 }),
  ];
}

describe('CNAB 240 return: T/U pairs (§3.4–3.6)', () => {
  it('Banco do Brasil: movement 17 → paid, with paid, net, fee, reason and both dates', () => {
    const file = readBoletoReturn(bbReturnLines().join('\n'));
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toMatchObject({ bankCode: '001', operation: '2', nsa: 51, date: '2012-01-02' });
    expect(file.results).toEqual([
      {
        line: 3,
        nossoNumero: '14499570000020673',
        chargeId: '4242',
        movement: '17',
        status: 'paid',
        description: 'Liquidação após baixa ou liquidação de título não registrado',
        reasons: [{ code: '03', description: 'No próprio banco' }],
        dueDate: '2011-12-28',
        valueCents: 34400,
        paidCents: 34400,
        netCents: 34297,
        feeCents: 103,
        interestCents: 0,
        discountCents: 0,
        paidDate: '2011-12-29',
        creditDate: '2012-01-02',
      },
    ]);
  });

  it.each([
    ['CRLF, trimmed lines, ISO-8859-1 bytes', (lines: string[]) => encodeLatin1(lines.map((l) => l.trimEnd()).join('\r\n') + '\r\n')],
    ['LF', (lines: string[]) => lines.join('\n')],
    ['no terminator', (lines: string[]) => lines.join('')],
  ])('Santander (%s): 02 confirmed with its fee, 06 paid via bank 104', (_name, encode) => {
    const lines = santanderReturnLines();
    // Santander trims its lines (29–240 characters, §3.7).
    expect(lines.map((l) => l.trimEnd().length).some((n) => n < 240)).toBe(true);
    const file = readBoletoReturn(encode(lines));
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toMatchObject({ bankCode: '033', nsa: 7, agreement: '123400001234567', companyName: 'ASSOCIAÇÃO'.replace('ÇÃ', 'CA') });
    expect(
      file.results.map((r) => [
        r.line,
        r.nossoNumero,
        r.chargeId,
        r.movement,
        r.status,
        r.description,
        r.feeCents,
        r.paidCents,
        r.reasons,
        r.creditDate,
      ]),
    ).toEqual([
      [3, '566612457800-2', 'C-1', '02', 'confirmed', 'Entrada confirmada', 392, 0, [], null],
      [5, '000003147578-7', 'C-3', '06', 'paid', 'Liquidação', 0, 1000, [{ code: '04', description: 'Compensação eletrônica' }], '2016-04-04'],
    ]);
  });

  it('Santander ISO-8859-1 text written by the bank (a raw Ç byte) is read as Latin-1, the line keeping its width', () => {
    const lines = santanderReturnLines();
    lines[2] = at(lines[2]!, 1, 143) + 'JOÃO DA CONCEIÇÃO'.padEnd(40) + lines[2]!.slice(183);
    const file = readBoletoReturn(encodeLatin1(lines.join('\r\n')));
    expect(file.problems).toEqual([]);
    expect(file.results[0]!.status).toBe('confirmed');
  });

  it('maps rejection (03 with reasons), write-off (09) and unknown movements; BB and Santander own codes', () => {
    const lines = bbReturnLines();
    const t = lines[2]!;
    const withMovement = (line: string, movement: string, reasons = '') =>
      at(line, 1, 15) + movement + line.slice(17, 213) + reasons.padEnd(10) + line.slice(223);
    const text = (movement: string, reasons?: string) =>
      [lines[0], lines[1], withMovement(t, movement, reasons), lines[3], lines[4], lines[5]].join('\n');
    expect(readBoletoReturn(text('03', '0820')).results[0]).toMatchObject({
      status: 'rejected',
      description: 'Entrada rejeitada',
      reasons: [
        { code: '08', description: 'Nosso número inválido' },
        { code: '20', description: 'Valor do título inválido' },
      ],
    });
    expect(readBoletoReturn(text('09', '10')).results[0]).toMatchObject({ status: 'written-off', reasons: [{ code: '10' }] });
    expect(readBoletoReturn(text('93')).results[0]).toMatchObject({ status: 'written-off', description: 'Baixa operacional' });
    expect(readBoletoReturn(text('77')).results[0]).toMatchObject({
      status: 'other',
      movement: '77',
      description: 'Código de retorno desconhecido: 77',
    });
    const santander = santanderReturnLines();
    santander[2] = at(santander[2]!, 1, 15) + 'A4' + santander[2]!.slice(17);
    expect(readBoletoReturn(santander.join('\n')).results[0]).toMatchObject({ movement: 'A4', status: 'other', description: 'Pagador DDA' });
  });

  it('lists a wrong-length line, an unknown segment, a T without its U and a bad date, naming the lines', () => {
    const lines = bbReturnLines();
    const badDate = at(lines[3]!, 1, 137) + '32122011' + lines[3]!.slice(145);
    const text = [lines[0], lines[1], lines[2], `${lines[2]}X`, '0010001300009Z'.padEnd(240), lines[2], badDate, lines[4], lines[5]];
    const file = readBoletoReturn(text.join('\r\n'));
    expect(file.problems.filter((p) => p.kind !== 'trailer')).toEqual([
      { line: 3, kind: 'structure', message: 'Linha 3, segmento T sem o segmento U que o segue' },
      { line: 4, kind: 'length', message: 'Linha 4, tamanho 241, esperado 240' },
      { line: 5, kind: 'record-type', field: 'segment', message: 'Linha 5, campo segment, tipo de registro desconhecido: "3Z"' },
      { line: 7, kind: 'field', field: 'occurrenceDate', message: 'Linha 7, campo occurrenceDate, data inválida' },
    ]);
  });

  it('a lot or file trailer whose count does not add up, or a lot sum that differs: kind "trailer", not balanced', () => {
    const lines = bbReturnLines();
    const lotCount = [
      ...lines.slice(0, 4),
      writeRecord(cnab240LotTrailer, { bankCode: '001', lot: 1, recordCount: 5, simpleCount: 1, simpleCents: 34400 }),
      lines[5],
    ];
    expect(readBoletoReturn(lotCount.join('\n'))).toMatchObject({
      balanced: false,
      problems: [
        { line: 5, kind: 'trailer', field: 'recordCount', message: 'Linha 5, campo recordCount, quantidade de registros no trailer 5, no arquivo 4' },
      ],
    });
    const lotSum = [
      ...lines.slice(0, 4),
      writeRecord(cnab240LotTrailer, { bankCode: '001', lot: 1, recordCount: 4, simpleCount: 1, simpleCents: 34401 }),
      lines[5],
    ];
    expect(readBoletoReturn(lotSum.join('\n')).problems).toEqual([
      {
        line: 5,
        kind: 'trailer',
        field: 'simpleCents',
        message: 'Linha 5, campo simpleCents, soma dos valores no trailer 34401, no arquivo 34400 (centavos)',
      },
    ]);
    const fileCount = [...lines.slice(0, 5), writeRecord(cnab240FileTrailer, { bankCode: '001', lotCount: 1, recordCount: 7 })];
    expect(readBoletoReturn(fileCount.join('\n'))).toMatchObject({
      balanced: false,
      problems: [{ line: 6, kind: 'trailer', field: 'recordCount' }],
    });
    expect(readBoletoReturn(lines.slice(0, 5).join('\n'))).toMatchObject({
      balanced: false,
      problems: [{ line: 5, kind: 'trailer', message: 'Linha 5, arquivo sem registro trailer' }],
    });
    expect(readBoletoReturn(writeFile([`237${lines[0]!.slice(3)}`])).problems[0]).toMatchObject({ kind: 'structure', field: 'bankCode' });
    expect(readBoletoReturn(buildBoletoRemittance(bbInput).text).problems).toContainEqual(
      expect.objectContaining({ line: 1, kind: 'structure', field: 'operation' }),
    );
  });
});

describe('round trip: remittance → return built from it → read', () => {
  it.each([
    [
      '001',
      bbInput,
      (n: number) =>
        boletoNumbers({ bank: '001', agreement: '1234567', sequence: n, wallet: '17', dueDate: '2025-05-10', amountCents: 1 }).nossoNumero,
    ],
    ['033', santanderInput, santanderNosso],
  ] as const)('bank %s: every charge id, nosso número and value comes back with its status', (_bank, base, nosso) => {
    const boletos = [1, 2, 3, 4, 5, 6].map((n) => ({ chargeId: 500 + n, nossoNumero: nosso(n), dueDate: '2025-05-10', valueCents: n * 2500, payer }));
    const remittance = buildBoletoRemittance({ ...base, date: '2025-05-01', boletos });
    const back = buildBoletoReturnFrom(
      remittance.text,
      {
        501: 'paid',
        502: 'rejected',
        503: 'written-off',
        504: 'confirmed',
        505: { movement: '06', paidCents: 4000, feeCents: 150, paidDate: '2025-05-12', creditDate: '2025-05-13' },
      },
      { nsa: 300, date: '2025-05-14' },
    );
    const file = readBoletoReturn(back.text);
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toMatchObject({ operation: '2', nsa: 300, date: '2025-05-14' });
    expect(
      file.results.map((r) => [r.chargeId, r.nossoNumero, r.valueCents, r.status, r.paidCents, r.netCents, r.feeCents, r.paidDate, r.creditDate]),
    ).toEqual([
      ['501', nosso(1), 2500, 'paid', 2500, 2500, 0, '2025-05-10', '2025-05-11'],
      ['502', nosso(2), 5000, 'rejected', 0, 0, 0, null, null],
      ['503', nosso(3), 7500, 'written-off', 0, 0, 0, null, null],
      ['504', nosso(4), 10000, 'confirmed', 0, 0, 0, null, null],
      ['505', nosso(5), 12500, 'paid', 4000, 3850, 150, '2025-05-12', '2025-05-13'],
    ]);
    expect(back.totalCents).toBe(2500 + 4000);
  });
});

describe('lots: a lot numbers its records in 5 digits (009–013), so at most 49,999 P/Q titles each', () => {
  it('opens a new lot after titlesPerLot titles (default and maximum 49,999); the return built from it reads balanced', () => {
    expect(MAX_TITLES_PER_LOT).toBe(49_999);
    const n = 5;
    const boletos = Array.from({ length: n }, (_, i) => ({
      ...bbInput.boletos[0]!,
      chargeId: i + 1,
      nossoNumero: `1234567${String(i + 1).padStart(10, '0')}`,
    }));
    const remittance = buildBoletoRemittance({ ...bbInput, boletos, titlesPerLot: 2 });
    expect(remittance.lines.map((line) => `${at(line, 4, 8)}${at(line, 14, 14)}`)).toEqual([
      '00000 ',
      '000110',
      '00013P',
      '00013Q',
      '00013P',
      '00013Q',
      '00015 ',
      '000210',
      '00023P',
      '00023Q',
      '00023P',
      '00023Q',
      '00025 ',
      '000310',
      '00033P',
      '00033Q',
      '00035 ',
      '99999 ',
    ]);
    expect(at(remittance.lines[14]!, 9, 14)).toBe('00001P'); // the sequence restarts in each lot
    expect(at(remittance.lines.at(-1)!, 18, 29)).toBe('000003000018');
    expect(at(remittance.lines[12]!, 18, 46)).toBe('000006000002' + '00000000000039980');
    const outcomes = Object.fromEntries(boletos.map((b) => [String(b.chargeId), 'paid' as const]));
    const file = readBoletoReturn(buildBoletoReturnFrom(remittance.text, outcomes, { titlesPerLot: 3 }).text);
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.results.map((r) => r.chargeId)).toEqual(['1', '2', '3', '4', '5']);
    expect(() => buildBoletoRemittance({ ...bbInput, titlesPerLot: 50_000 })).toThrow('campo titlesPerLot, mais de 49999 caracteres');
  });
});
