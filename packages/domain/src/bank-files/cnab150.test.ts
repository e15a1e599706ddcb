import { describe, expect, it } from 'vitest';
import {
  buildDebitRemittance,
  buildDebitReturnFrom,
  cnab150B,
  cnab150F04,
  cnab150Header,
  cnab150J,
  cnab150T,
  cnab150Trailer,
  debitBanks,
  readDebitFile,
  readDebitReturn,
  type DebitRemittanceInput,
} from './cnab150.js';
import { encodeLatin1, writeFile } from './file.js';
import { writeRecord } from './layout.js';

/** BANKING-AND-HEALTH.md §1.8, verbatim (each line 150 characters): BB, NSA 42, v04, a debit and a cancellation. */
const worked = [
  'A1123456              ASSOC EXEMPLO       001BANCO DO BRASIL     2025030300004204DEBITO AUTOMATICO                                                    ',
  'E0000012345               1234000001234567892025031000000000001599003MENS-2025-03                                                                    0',
  'E0000067890               4321000009876543212025031000000000000800003MENS-2025-03                                                                    1',
  'Z00000400000000000023990                                                                                                                              ',
];

const workedInput: DebitRemittanceInput = {
  bank: 'bb',
  agreement: { code: '123456', companyName: 'ASSOC EXEMPLO' },
  nsa: 42,
  date: '2025-03-03',
  debits: [
    { memberId: '0000012345', chargeId: 'MENS-2025-03', agency: '1234', account: '00000123456789', dueDate: '2025-03-10', valueCents: 15990 },
    {
      memberId: '0000067890',
      chargeId: 'MENS-2025-03',
      agency: '4321',
      account: '000009876543-21',
      dueDate: '2025-03-10',
      valueCents: 8000,
      cancel: true,
    },
  ],
};

describe('CNAB 150 remittance (§1.5, §1.8)', () => {
  it('writes the worked example of §1.8 exactly, CRLF after every record', () => {
    expect(worked.every((line) => line.length === 150)).toBe(true);
    const file = buildDebitRemittance(workedInput);
    expect(file.lines).toEqual(worked);
    expect(file.text).toBe(worked.join('\r\n') + '\r\n');
    expect(file.totalCents).toBe(23990);
    expect(file.recordCount).toBe(4);
    expect(file.records).toEqual([
      { line: 2, chargeId: 'MENS-2025-03', memberId: '0000012345', valueCents: 15990 },
      { line: 3, chargeId: 'MENS-2025-03', memberId: '0000067890', valueCents: 8000 },
    ]);
  });

  it('reads the worked example back exactly', () => {
    const file = readDebitFile(worked.join('\n'));
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toEqual({
      operation: '1',
      agreement: '123456',
      companyName: 'ASSOC EXEMPLO',
      bankCode: '001',
      bankName: 'BANCO DO BRASIL',
      date: '2025-03-03',
      nsa: 42,
      version: '04',
      test: false,
    });
    expect(file.requests.map((r) => [r.line, r.memberId, r.agency, r.account, r.dueDate, r.valueCents, r.chargeId, r.movement])).toEqual([
      [2, '0000012345', '1234', '00000123456789', '2025-03-10', 15990, 'MENS-2025-03', '0'],
      [3, '0000067890', '4321', '00000987654321', '2025-03-10', 8000, 'MENS-2025-03', '1'],
    ]);
    expect(file.trailer).toEqual({ recordCount: 4, totalCents: 23990 });
  });

  it('BB test file: TESTE in A 146–150 (BB edition only); LF terminator on request', () => {
    const bb = buildDebitRemittance({ ...workedInput, agreement: { ...workedInput.agreement, test: true, terminator: 'LF' } });
    expect(bb.lines[0]!.slice(145)).toBe('TESTE');
    expect(bb.text).toBe(bb.lines.join('\n') + '\n');
    expect(readDebitFile(bb.text).header?.test).toBe(true);
    const santander = buildDebitRemittance({ ...workedInput, bank: 'santander', agreement: { ...workedInput.agreement, test: true } });
    expect(santander.lines[0]!.slice(42, 65)).toBe('033SANTANDER           ');
    expect(santander.lines[0]!.slice(145)).toBe('     ');
  });

  it('Magiscred: FEBRABAN v05 with the holder CPF in E 130–145; its bank code comes from the agreement', () => {
    expect(debitBanks.magiscred).toMatchObject({ channelId: 18, defaultVersion: '05', code: null });
    const input: DebitRemittanceInput = {
      ...workedInput,
      bank: 'magiscred',
      agreement: { code: '987', companyName: 'ASSOC EXEMPLO', bankCode: '756' },
      debits: [{ ...workedInput.debits[0]!, holderDocument: '111.444.777-35' }],
    };
    const file = buildDebitRemittance(input);
    expect(file.lines[0]!.slice(42, 65)).toBe('756MAGISCRED           ');
    expect(file.lines[0]!.slice(79, 81)).toBe('05');
    const e = file.lines[1]!;
    expect(e.slice(0, 129)).toBe(worked[1]!.slice(0, 129));
    expect(e.slice(129, 145)).toBe('2000011144477735');
    expect(e.slice(145)).toBe('    0');
    const back = readDebitFile(file.text);
    expect(back.requests[0]).toMatchObject({ holderId: '000011144477735', valueCents: 15990 });
    expect(() => buildDebitRemittance({ ...input, agreement: { code: '987', companyName: 'X' } })).toThrow(
      'campo bankCode, código do banco obrigatório para este convênio',
    );
    // v04 stays available on request: no CPF field.
    const v04 = buildDebitRemittance({ ...input, version: '04' });
    expect(v04.lines[1]!.slice(129)).toBe(`${' '.repeat(20)}0`);
  });

  it('refuses a too-long number, a too-long account and a bad date, naming the line and the field', () => {
    expect(() => buildDebitRemittance({ ...workedInput, nsa: 1_234_567 })).toThrow('campo nsa, mais de 6 caracteres');
    expect(() =>
      buildDebitRemittance({ ...workedInput, debits: [workedInput.debits[0]!, { ...workedInput.debits[1]!, account: '123456789012345' }] }),
    ).toThrow('Linha 3, campo account, mais de 14 caracteres');
    expect(() => buildDebitRemittance({ ...workedInput, debits: [{ ...workedInput.debits[0]!, dueDate: '2025-02-29' }] })).toThrow(
      'Linha 2, campo dueDate, data inválida',
    );
    expect(() => buildDebitRemittance({ ...workedInput, debits: [{ ...workedInput.debits[0]!, valueCents: 159.9 }] })).toThrow(
      'Linha 2, campo valueCents, valor em centavos inválido',
    );
  });
});

/** A Santander return shaped like MP-SAN-RET (§1.6): A 2, 20-digit convênio, NSA 1672, v04, two B and two F, Z 6 / 14990. */
function santanderReturn(companyName = 'NET SERVIÇOS') {
  const f = (memberId: string, value: number, code: string, charge: string) =>
    writeRecord(cnab150F04, {
      memberId,
      agency: '0033',
      account: '00000130012345',
      date: '2025-03-10',
      valueCents: value,
      returnCode: code,
      chargeId: charge,
      movement: '0',
    });
  return [
    // Written by hand (not by our writer) so the Ç stays a single ISO-8859-1 byte, as the bank sends it.
    `A2${'12345678901234567890'}${companyName.padEnd(20)}033${'SANTANDER'.padEnd(20)}2025031100167204DEBITO AUTOMATICO${' '.repeat(52)}`,
    writeRecord(cnab150B, { memberId: '77', agency: '0033', account: '00000130099999', date: '2025-03-05', movement: '2' }),
    f('0000012345', 11000, '00', '501'),
    writeRecord(cnab150B, { memberId: '78', agency: '0033', account: '00000130088888', date: '2025-03-06', movement: '1' }),
    f('0000067890', 3990, '00', '502'),
    writeRecord(cnab150Trailer, { recordCount: 6, totalCents: 14990 }),
  ];
}

describe('CNAB 150 return (F, B, J, T)', () => {
  const lines = santanderReturn();

  it.each([
    ['ISO-8859-1 bytes, CRLF', encodeLatin1(lines.join('\r\n') + '\r\n')],
    ['LF', lines.join('\n') + '\n'],
    ['no terminator', lines.join('')],
    ['trimmed lines', lines.map((line) => line.trimEnd()).join('\r\n')],
  ])('reads a Santander return: %s', (_name, input) => {
    const file = readDebitReturn(input);
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toMatchObject({
      operation: '2',
      agreement: '12345678901234567890',
      companyName: 'NET SERVIÇOS',
      bankCode: '033',
      nsa: 1672,
      date: '2025-03-11',
      version: '04',
    });
    expect(file.results.map((r) => [r.line, r.memberId, r.chargeId, r.valueCents, r.date, r.code, r.status, r.description])).toEqual([
      [3, '0000012345', '501', 11000, '2025-03-10', '00', 'paid', 'Débito efetuado'],
      [5, '0000067890', '502', 3990, '2025-03-10', '00', 'paid', 'Débito efetuado'],
    ]);
    expect(file.registrations.map((b) => [b.line, b.memberId, b.date, b.movement])).toEqual([
      [2, '77', '2025-03-05', '2'],
      [4, '78', '2025-03-06', '1'],
    ]);
    expect(file.trailer).toEqual({ recordCount: 6, totalCents: 14990 });
  });

  it('reads J (file processed) and T (totals) records', () => {
    const j = writeRecord(cnab150J, { nsa: 41, fileDate: '2025-02-03', recordCount: 4, totalCents: 23990, processedDate: '2025-02-04' });
    const t = writeRecord(cnab150T, { debitedCount: 2, debitedCents: 14990 });
    const text = writeFile([...lines.slice(0, 5), j, t, writeRecord(cnab150Trailer, { recordCount: 8, totalCents: 14990 })]);
    const file = readDebitReturn(text);
    expect(file.problems).toEqual([]);
    expect(file.confirmations).toEqual([
      { line: 6, recordType: 'J', nsa: '000041', fileDate: '2025-02-03', recordCount: '000004', totalCents: 23990, processedDate: '2025-02-04' },
    ]);
    expect(file.others).toEqual([{ line: 7, recordType: 'T', values: { recordType: 'T', debitedCount: '000002', debitedCents: 14990 } }]);
  });

  it('describes every return code of §1.5 F; an unknown code is "other" with the code kept', () => {
    const codes = ['01', '02', '04', '05', '10', '12', '13', '14', '15', '18', '19', '20', '30', '31', '96', '97', '98', '99', 'X7'];
    const f = (code: string) => writeRecord(cnab150F04, { memberId: '1', date: '2025-03-10', valueCents: 1, returnCode: code, chargeId: code });
    const text = writeFile([lines[0]!, ...codes.map(f), writeRecord(cnab150Trailer, { recordCount: codes.length + 2, totalCents: codes.length })]);
    const byCode = Object.fromEntries(readDebitReturn(text).results.map((r) => [r.code, [r.status, r.description]]));
    expect(byCode).toMatchObject({
      '01': ['rejected', 'Débito não efetuado - insuficiência de fundos'],
      '19': ['rejected', 'Débito não efetuado - agência/conta não pertence ao CPF/CNPJ informado'],
      '30': ['rejected', 'Débito não efetuado - sem contrato de débito automático'],
      '31': ['paid', 'Débito efetuado em data diferente da data informada - feriado na praça de débito'],
      '96': ['confirmed', 'Manutenção do cadastro'],
      '97': ['other', 'Cancelamento - não encontrado'],
      '99': ['written-off', 'Cancelamento - cancelado conforme solicitação'],
      X7: ['other', 'Código de retorno desconhecido: X7'],
    });
    expect(Object.values(byCode).filter(([status]) => status === 'rejected')).toHaveLength(13);
  });

  it('lists a wrong-length line, an unknown record type and a bad date with their line, and stays balanced', () => {
    const badDate = lines[2]!.slice(0, 44) + '20251332' + lines[2]!.slice(52);
    const text = [lines[0], `${lines[1]}X`, badDate, 'Q'.padEnd(150, '0'), lines[4], lines[5]].join('\r\n');
    const file = readDebitReturn(text);
    expect(file.problems).toEqual([
      { line: 2, kind: 'length', message: 'Linha 2, tamanho 151, esperado 150' },
      { line: 3, kind: 'field', field: 'date', message: 'Linha 3, campo date, data inválida' },
      { line: 4, kind: 'record-type', message: 'Linha 4, tipo de registro desconhecido: "Q"' },
      {
        line: 6,
        kind: 'trailer',
        field: 'totalCents',
        message: 'Linha 6, campo totalCents, soma dos valores no trailer 14990, no arquivo 3990 (centavos)',
      },
    ]);
    expect(file.balanced).toBe(false);
  });

  it('a trailer whose count or sum does not add up, or no trailer: kind "trailer", not balanced', () => {
    const count = [...lines.slice(0, 5), writeRecord(cnab150Trailer, { recordCount: 7, totalCents: 14990 })];
    const countFile = readDebitReturn(count.join('\n'));
    expect(countFile.balanced).toBe(false);
    expect(countFile.problems).toEqual([
      { line: 6, kind: 'trailer', field: 'recordCount', message: 'Linha 6, campo recordCount, quantidade de registros no trailer 7, no arquivo 6' },
    ]);
    const sum = [...lines.slice(0, 5), writeRecord(cnab150Trailer, { recordCount: 6, totalCents: 14991 })];
    expect(readDebitReturn(sum.join('\n')).problems).toEqual([
      {
        line: 6,
        kind: 'trailer',
        field: 'totalCents',
        message: 'Linha 6, campo totalCents, soma dos valores no trailer 14991, no arquivo 14990 (centavos)',
      },
    ]);
    const none = readDebitReturn(lines.slice(0, 5).join('\n'));
    expect(none.balanced).toBe(false);
    expect(none.problems).toEqual([{ line: 5, kind: 'trailer', message: 'Linha 5, arquivo sem registro trailer' }]);
    expect(readDebitReturn('').problems[0]).toMatchObject({ kind: 'structure', message: 'Linha 1, arquivo vazio' });
  });

  it('a remittance given as a return is flagged (A02 = 1)', () => {
    expect(readDebitReturn(worked.join('\n')).problems).toEqual([
      { line: 1, kind: 'structure', field: 'operation', message: 'Linha 1, campo operation, o arquivo não é um retorno (código de remessa/retorno)' },
    ]);
  });

  it('the header layout writes A02 = 2 and the bank as given', () => {
    expect(writeRecord(cnab150Header, { operation: '2', bankCode: '33' }).slice(0, 2)).toBe('A2');
  });
});

describe('round trip: remittance → return built from it → read', () => {
  it.each([
    ['bb', '04'],
    ['santander', '04'],
    ['magiscred', '05'],
  ] as const)('%s v%s: every charge comes back with its value and status', (bank, version) => {
    const debits = [1, 2, 3, 4, 5, 6].map((n) => ({
      memberId: `M${n}`,
      chargeId: 1000 + n,
      agency: String(n).repeat(4),
      account: `${n}-X`,
      dueDate: '2025-04-10',
      valueCents: n * 1111,
      holderDocument: '11144477735',
    }));
    const remittance = buildDebitRemittance({
      bank,
      version,
      agreement: { code: 'CONV1', companyName: 'Associação dos Magistrados', bankCode: bank === 'magiscred' ? '756' : undefined },
      nsa: 7,
      date: '2025-04-01',
      debits,
    });
    const back = buildDebitReturnFrom(
      remittance.text,
      { 1001: '00', 1002: '01', 1003: { code: '31', date: '2025-04-11' }, 1004: '99', 1005: '15' },
      { nsa: 900, date: '2025-04-11' },
    );
    const file = readDebitReturn(back.text);
    expect(file.problems).toEqual([]);
    expect(file.balanced).toBe(true);
    expect(file.header).toMatchObject({ operation: '2', nsa: 900, version, date: '2025-04-11' });
    expect(file.results.map((r) => [r.chargeId, r.memberId, r.valueCents, r.status, r.code, r.date])).toEqual([
      ['1001', 'M1', 1111, 'paid', '00', '2025-04-10'],
      ['1002', 'M2', 2222, 'rejected', '01', '2025-04-10'],
      ['1003', 'M3', 3333, 'paid', '31', '2025-04-11'],
      ['1004', 'M4', 4444, 'written-off', '99', '2025-04-10'],
      ['1005', 'M5', 5555, 'rejected', '15', '2025-04-10'],
    ]);
    // 1006 was not answered: no F for it (no return yet).
    expect(file.trailer).toEqual({ recordCount: 7, totalCents: 1111 + 2222 + 3333 + 4444 + 5555 });
    if (version === '05') expect(file.results[0]!.holderId).toBe('000011144477735');
  });
});
