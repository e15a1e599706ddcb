/**
 * The payroll file of the association's own channel (10, "consignação em folha"): our own fixed-width layout,
 * 150 characters per line, upper-case ASCII, CRLF by default, read with the same engine as the bank files. The
 * paying body deducts each registration's value from the salary and answers with the return file. Documented
 * for the payroll office in docs/BANK-FILES.md.
 *
 * Remittance (association → payroll office):
 *   header  `0`: 001 type `0` · 002 operation `1` · 003–022 agreement (company code at the payroll office) ·
 *           023–062 company name · 063–068 reference month AAAAMM · 069–076 generation date AAAAMMDD ·
 *           077–082 NSA · 083–150 spaces
 *   detail  `1`: 001 `1` · 002–021 registration (matrícula, left-aligned) · 022–061 name · 062–072 CPF ·
 *           073–087 value in cents · 088–112 our charge id · 113–120 due date AAAAMMDD · 121–144 spaces ·
 *           145–150 line number
 *   trailer `9`: 001 `9` · 002–007 record count (header and trailer included) · 008–024 sum of the values in cents ·
 *           025–150 spaces
 * Return (payroll office → association): the same header with operation `2`, then one detail `2` per line sent:
 *           001 `2` · 002–021 registration · 022–061 name · 062–072 CPF · 073–087 value sent · 088–112 charge id
 *           (echo) · 113–127 value deducted · 128–129 status (`00` deducted, `01` partly deducted, `02` margin
 *           insufficient, `03` registration not found, `04` on leave or dismissed, `05` other) · 130–144 spaces ·
 *           145–150 line number
 *   trailer `9` with the count and the sum of the values deducted.
 */
import { bankFileMessages as m } from './bank-files.messages.js';
import {
  checkCountAndSum,
  closeReceivedFile,
  fileText,
  problemAt,
  readReceivedLines,
  splitLines,
  writeFile,
  type BankFileProblem,
  type BuiltFile,
  type BuiltRecord,
  type LineTerminator,
} from './file.js';
import { BankFileError, defineLayout, readRecord, writeRecord } from './layout.js';
import { lookupReturnCode, payrollReturnCodes, type ReturnStatus } from './return-codes.js';

const W = 150;

export const payrollHeader = defineLayout('Folha header', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: '0' },
  { name: 'operation', start: 2, length: 1, type: 'num' },
  { name: 'agreement', start: 3, length: 20, type: 'alpha' },
  { name: 'companyName', start: 23, length: 40, type: 'alpha', truncate: true },
  { name: 'month', start: 63, length: 6, type: 'num' },
  { name: 'date', start: 69, length: 8, type: 'date-yyyymmdd' },
  { name: 'nsa', start: 77, length: 6, type: 'num' },
  { name: '_filler083', start: 83, length: 68, type: 'alpha' },
] as const);

export const payrollDetail = defineLayout('Folha detalhe remessa', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: '1' },
  { name: 'registration', start: 2, length: 20, type: 'alpha' },
  { name: 'name', start: 22, length: 40, type: 'alpha', truncate: true },
  { name: 'cpf', start: 62, length: 11, type: 'num' },
  { name: 'valueCents', start: 73, length: 15, type: 'money' },
  { name: 'chargeId', start: 88, length: 25, type: 'alpha' },
  { name: 'dueDate', start: 113, length: 8, type: 'date-yyyymmdd' },
  { name: '_filler121', start: 121, length: 24, type: 'alpha' },
  { name: 'sequence', start: 145, length: 6, type: 'num' },
] as const);

/** The return's detail: as the remittance's up to 112 (registration to the echoed charge id), then what was deducted. */
export const payrollReturnDetail = defineLayout('Folha detalhe retorno', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: '2' },
  ...payrollDetail.fields.slice(1, 6),
  { name: 'deductedCents', start: 113, length: 15, type: 'money' },
  { name: 'status', start: 128, length: 2, type: 'alpha' },
  { name: '_filler130', start: 130, length: 15, type: 'alpha' },
  { name: 'sequence', start: 145, length: 6, type: 'num' },
] as const);

export const payrollTrailer = defineLayout('Folha trailer', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: '9' },
  { name: 'recordCount', start: 2, length: 6, type: 'num' },
  { name: 'totalCents', start: 8, length: 17, type: 'money' },
  { name: '_filler025', start: 25, length: 126, type: 'alpha' },
] as const);

export const payrollLayouts = [payrollHeader, payrollDetail, payrollReturnDetail, payrollTrailer] as const;

export interface PayrollAgreement {
  /** Company code at the payroll office. */
  code: string;
  companyName: string;
  terminator?: LineTerminator;
}

export interface PayrollItem {
  /** Registration (matrícula) at the paying body. */
  registration: string;
  name: string;
  cpf: string;
  chargeId: string | number;
  valueCents: number;
  dueDate: string;
}

export interface PayrollRemittanceInput {
  agreement: PayrollAgreement;
  nsa: number;
  date: string;
  /** Reference month 'YYYY-MM'. */
  month: string;
  items: readonly PayrollItem[];
}

/** The payroll remittance of channel 10: header, one line per registration and value, trailer with count and sum. */
export function buildPayrollRemittance(input: PayrollRemittanceInput): BuiltFile {
  const lines = [
    writeRecord(payrollHeader, {
      operation: '1',
      agreement: input.agreement.code,
      companyName: input.agreement.companyName,
      month: input.month.replace('-', ''),
      date: input.date,
      nsa: input.nsa,
    }),
  ];
  const records: BuiltRecord[] = [];
  let totalCents = 0;
  for (const item of input.items) {
    const chargeId = String(item.chargeId);
    try {
      lines.push(
        writeRecord(payrollDetail, {
          registration: item.registration,
          name: item.name,
          cpf: item.cpf.replace(/\D/g, ''),
          valueCents: item.valueCents,
          chargeId,
          dueDate: item.dueDate,
          sequence: lines.length + 1,
        }),
      );
    } catch (error) {
      if (error instanceof BankFileError) throw new BankFileError(error.reason, error.field, lines.length + 1);
      throw error;
    }
    totalCents += item.valueCents;
    records.push({ line: lines.length, chargeId, memberId: item.registration, valueCents: item.valueCents });
  }
  lines.push(writeRecord(payrollTrailer, { recordCount: lines.length + 1, totalCents }));
  return { text: writeFile(lines, input.agreement.terminator), lines, records, recordCount: lines.length, totalCents };
}

export interface PayrollResult {
  line: number;
  registration: string;
  chargeId: string;
  cpf: string;
  valueCents: number;
  deductedCents: number;
  code: string;
  status: ReturnStatus;
  description: string;
}

export interface PayrollReturnFile {
  header: { agreement: string; month: string; date: string | null; nsa: number; operation: string } | null;
  results: PayrollResult[];
  problems: BankFileProblem[];
  /** Header and trailer present, count and sum (of the values deducted) add up. */
  balanced: boolean;
}

/** Reads the payroll return: one result per line, problems listed (kind 'trailer' refuses the whole file). */
export function readPayrollReturn(input: string | Uint8Array): PayrollReturnFile {
  const lines = splitLines(fileText(input), W);
  const file: PayrollReturnFile = { header: null, results: [], problems: [], balanced: false };
  if (lines.length === 0) {
    file.problems.push(problemAt(1, 'structure', m.empty));
    return file;
  }
  let sum = 0;
  let trailer: { line: number; recordCount: number; totalCents: number } | null = null;
  readReceivedLines(lines, W, file.problems, (text, line) => {
    const kind = text[0];
    if (kind === '0') {
      const h = readRecord(payrollHeader, text, line);
      file.header = {
        agreement: h.agreement,
        month: `${h.month.slice(0, 4)}-${h.month.slice(4)}`,
        date: h.date,
        nsa: Number(h.nsa),
        operation: h.operation,
      };
      if (h.operation !== '2') file.problems.push(problemAt(line, 'structure', m.notAReturn, 'operation'));
    } else if (kind === '2') {
      const d = readRecord(payrollReturnDetail, text, line);
      const info = lookupReturnCode(payrollReturnCodes, d.status);
      sum += d.deductedCents;
      file.results.push({
        line,
        registration: d.registration.trim(),
        chargeId: d.chargeId.trim(),
        cpf: d.cpf,
        valueCents: d.valueCents,
        deductedCents: d.deductedCents,
        code: d.status,
        status: info.status,
        description: info.description,
      });
    } else if (kind === '9') {
      const z = readRecord(payrollTrailer, text, line);
      trailer = { line, recordCount: Number(z.recordCount), totalCents: z.totalCents };
    } else {
      file.problems.push(problemAt(line, 'record-type', m.unknownRecord(kind ?? '')));
    }
  });
  const z = trailer as { line: number; recordCount: number; totalCents: number } | null;
  file.balanced = closeReceivedFile(
    file.problems,
    lines.length,
    file.header !== null,
    z && (() => checkCountAndSum(file.problems, z, lines.length, sum)),
  );
  return file;
}

/** What the payroll office did with one line: a status code, or the code with the value deducted. */
export type PayrollOutcome = string | { code: string; deductedCents: number };

/**
 * For tests: the payroll office's return for a remittance. Lines whose charge id is in `outcomes` come back with
 * that status; '00' deducts the whole value, other codes nothing unless `deductedCents` is given; others are left out.
 */
export function buildPayrollReturnFrom(
  remittanceText: string,
  outcomes: Readonly<Record<string, PayrollOutcome>>,
  options: { nsa?: number; date?: string; terminator?: LineTerminator } = {},
): BuiltFile {
  const source = splitLines(remittanceText, W);
  const header = readRecord(payrollHeader, source[0] ?? '', 1);
  const lines = [
    writeRecord(payrollHeader, {
      operation: '2',
      agreement: header.agreement,
      companyName: header.companyName,
      month: header.month,
      date: options.date ?? header.date,
      nsa: options.nsa ?? header.nsa,
    }),
  ];
  const records: BuiltRecord[] = [];
  let totalCents = 0;
  source.forEach((text, index) => {
    if (text[0] !== '1') return;
    const d = readRecord(payrollDetail, text, index + 1);
    const chargeId = d.chargeId.trim();
    const given = outcomes[chargeId];
    if (given === undefined) return;
    const { code, deductedCents } = typeof given === 'string' ? { code: given, deductedCents: given === '00' ? d.valueCents : 0 } : given;
    lines.push(
      writeRecord(payrollReturnDetail, {
        registration: d.registration,
        name: d.name,
        cpf: d.cpf,
        valueCents: d.valueCents,
        chargeId,
        deductedCents,
        status: code,
        sequence: lines.length + 1,
      }),
    );
    totalCents += deductedCents;
    records.push({ line: lines.length, chargeId, memberId: d.registration.trim(), valueCents: deductedCents });
  });
  lines.push(writeRecord(payrollTrailer, { recordCount: lines.length + 1, totalCents }));
  return { text: writeFile(lines, options.terminator), lines, records, recordCount: lines.length, totalCents };
}
