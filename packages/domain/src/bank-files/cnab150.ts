/**
 * FEBRABAN CNAB 150 "Débito Automático" (direct debit), versions 04 and 05: records A, B, C, D, E, F, H, J, T, Z
 * (BANKING-AND-HEALTH.md §1.5), the remittance builder (A, E…, Z), the return reader (F, B, J, T…) and a return
 * built from a remittance for tests.
 *
 * Per-bank differences (§1.6) are the small table {@link debitBanks}:
 * - Banco do Brasil (001, channel 2): edition 04 (DA04-BB, BB's own edition of v04); a test file carries `TESTE`
 *   in A 146–150; BB does not produce T records.
 * - Santander (033, channel 1): FEBRABAN v04 (its sample files carry A09 = 04).
 * - Magiscred (channel 18): a credit cooperative that takes the FEBRABAN standard through its clearing bank. We
 *   choose **FEBRABAN v05** for it: it is v04 plus the account holder's CPF in E/F 130–145 (the bank checks that
 *   the account belongs to that person) and return codes 19/20, and we hold every holder's CPF. Its bank code is
 *   that of the cooperative's clearing institution, so the agreement must give it (`bankCode`); 04 stays allowed
 *   by setting `version`.
 *
 * Identifiers written so that the return can be matched: E02 (customer ID at the company) = the member id, and
 * E 070–118 (the 49 characters the bank echoes in F without processing) = the charge id. Branch and account (E03,
 * E04) are written as digits/letters without punctuation, right-aligned and zero-filled to 4 and 14.
 * Z03 sums every E06, cancellations included (the manual makes no exception, §1.3).
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
import { BankFileError, defineLayout, readRecord, writeRecord, type RecordValues } from './layout.js';
import { debitReturnCodes, lookupReturnCode, type ReturnStatus } from './return-codes.js';

const W = 150;

export const cnab150Header = defineLayout('CNAB150 A', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'A' },
  { name: 'operation', start: 2, length: 1, type: 'num' },
  { name: 'agreement', start: 3, length: 20, type: 'alpha' },
  { name: 'companyName', start: 23, length: 20, type: 'alpha', truncate: true },
  { name: 'bankCode', start: 43, length: 3, type: 'num' },
  { name: 'bankName', start: 46, length: 20, type: 'alpha', truncate: true },
  { name: 'date', start: 66, length: 8, type: 'date-yyyymmdd' },
  { name: 'nsa', start: 74, length: 6, type: 'num' },
  { name: 'version', start: 80, length: 2, type: 'num' },
  { name: 'service', start: 82, length: 17, type: 'const', value: 'DEBITO AUTOMATICO' },
  { name: '_reserved', start: 99, length: 47, type: 'alpha' },
  { name: 'testMarker', start: 146, length: 5, type: 'alpha' },
] as const);

export const cnab150B = defineLayout('CNAB150 B', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'B' },
  { name: 'memberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'date', start: 45, length: 8, type: 'date-yyyymmdd' },
  { name: '_reserved', start: 53, length: 97, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

export const cnab150C = defineLayout('CNAB150 C', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'C' },
  { name: 'memberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'reason', start: 45, length: 40, type: 'alpha', truncate: true },
  { name: 'reason2', start: 85, length: 40, type: 'alpha', truncate: true },
  { name: '_reserved', start: 125, length: 25, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

export const cnab150D = defineLayout('CNAB150 D', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'D' },
  { name: 'previousMemberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'memberId', start: 45, length: 25, type: 'alpha' },
  { name: 'reason', start: 70, length: 60, type: 'alpha', truncate: true },
  { name: '_reserved', start: 130, length: 20, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

/** E, v04 (DA04-BB): 070–118 echoed by the bank (our charge id), 119–129 BB's Lei 10.833 fields (unused, blank). */
export const cnab150E04 = defineLayout('CNAB150 E v04', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'E' },
  { name: 'memberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'dueDate', start: 45, length: 8, type: 'date-yyyymmdd' },
  { name: 'valueCents', start: 53, length: 15, type: 'money' },
  { name: 'currency', start: 68, length: 2, type: 'alpha', value: '03' },
  { name: 'chargeId', start: 70, length: 49, type: 'alpha' },
  { name: 'companyUse', start: 119, length: 11, type: 'alpha' },
  { name: '_reserved', start: 130, length: 20, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

/** E, v05 (DA05): as v04 up to 129, then the holder's CPF/CNPJ. */
export const cnab150E05 = defineLayout('CNAB150 E v05', W, [
  ...cnab150E04.fields.slice(0, 9),
  { name: 'holderIdType', start: 130, length: 1, type: 'num' },
  { name: 'holderId', start: 131, length: 15, type: 'num' },
  { name: '_reserved', start: 146, length: 4, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

/** F, v04: the echo is 70 characters (070–139). */
export const cnab150F04 = defineLayout('CNAB150 F v04', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'F' },
  { name: 'memberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'date', start: 45, length: 8, type: 'date-yyyymmdd' },
  { name: 'valueCents', start: 53, length: 15, type: 'money' },
  { name: 'returnCode', start: 68, length: 2, type: 'alpha' },
  { name: 'chargeId', start: 70, length: 49, type: 'alpha' },
  { name: 'companyUse', start: 119, length: 21, type: 'alpha' },
  { name: '_reserved', start: 140, length: 10, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

/** F, v05: echo 070–129, then the holder's CPF/CNPJ. */
export const cnab150F05 = defineLayout('CNAB150 F v05', W, [
  ...cnab150F04.fields.slice(0, 8),
  { name: 'companyUse', start: 119, length: 11, type: 'alpha' },
  { name: 'holderIdType', start: 130, length: 1, type: 'num' },
  { name: 'holderId', start: 131, length: 15, type: 'num' },
  { name: '_reserved', start: 146, length: 4, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

export const cnab150H = defineLayout('CNAB150 H', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'H' },
  { name: 'previousMemberId', start: 2, length: 25, type: 'alpha' },
  { name: 'agency', start: 27, length: 4, type: 'alpha' },
  { name: 'account', start: 31, length: 14, type: 'alpha' },
  { name: 'memberId', start: 45, length: 25, type: 'alpha' },
  { name: 'reason', start: 70, length: 58, type: 'alpha', truncate: true },
  { name: '_reserved', start: 128, length: 22, type: 'alpha' },
  { name: 'movement', start: 150, length: 1, type: 'num' },
] as const);

export const cnab150J = defineLayout('CNAB150 J', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'J' },
  { name: 'nsa', start: 2, length: 6, type: 'num' },
  { name: 'fileDate', start: 8, length: 8, type: 'date-yyyymmdd' },
  { name: 'recordCount', start: 16, length: 6, type: 'num' },
  { name: 'totalCents', start: 22, length: 17, type: 'money' },
  { name: 'processedDate', start: 39, length: 8, type: 'date-yyyymmdd' },
  { name: '_reserved', start: 47, length: 104, type: 'alpha' },
] as const);

export const cnab150T = defineLayout('CNAB150 T', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'T' },
  { name: 'debitedCount', start: 2, length: 6, type: 'num' },
  { name: 'debitedCents', start: 8, length: 17, type: 'money' },
  { name: '_reserved', start: 25, length: 126, type: 'alpha' },
] as const);

export const cnab150Trailer = defineLayout('CNAB150 Z', W, [
  { name: 'recordType', start: 1, length: 1, type: 'const', value: 'Z' },
  { name: 'recordCount', start: 2, length: 6, type: 'num' },
  { name: 'totalCents', start: 8, length: 17, type: 'money' },
  { name: '_reserved', start: 25, length: 126, type: 'alpha' },
] as const);

/** Every CNAB 150 layout (checked by the tests: contiguous, 150 wide). */
export const cnab150Layouts = [
  cnab150Header,
  cnab150B,
  cnab150C,
  cnab150D,
  cnab150E04,
  cnab150E05,
  cnab150F04,
  cnab150F05,
  cnab150H,
  cnab150J,
  cnab150T,
  cnab150Trailer,
] as const;

export type Cnab150Version = '04' | '05';
export type DebitBank = 'bb' | 'santander' | 'magiscred';

export interface DebitBankProfile {
  /** The open-balance / charge channel (spec 2 §9): Santander 1, Banco do Brasil 2, Magiscred 18. */
  channelId: number;
  /** FEBRABAN bank code written in A05; null when the agreement must give it (Magiscred). */
  code: string | null;
  /** A06. */
  name: string;
  defaultVersion: Cnab150Version;
  /** A test file carries TESTE in A 146–150 (BB's edition only). */
  testMarker: boolean;
  /** The bank sends T records (BB does not). */
  sendsTotals: boolean;
}

/** The per-bank table of §1.6. */
export const debitBanks: Readonly<Record<DebitBank, DebitBankProfile>> = {
  bb: { channelId: 2, code: '001', name: 'BANCO DO BRASIL', defaultVersion: '04', testMarker: true, sendsTotals: false },
  santander: { channelId: 1, code: '033', name: 'SANTANDER', defaultVersion: '04', testMarker: false, sendsTotals: true },
  magiscred: { channelId: 18, code: null, name: 'MAGISCRED', defaultVersion: '05', testMarker: false, sendsTotals: true },
};

/** The company's direct-debit agreement with one bank (configuration: README's table). */
export interface DebitAgreement {
  /** Convênio given by the bank (A03, up to 20 characters). */
  code: string;
  /** A04, cut to 20 characters. */
  companyName: string;
  /** A05 when the profile has none (Magiscred) or to override it. */
  bankCode?: string;
  /** A test file (BB: TESTE in A 146–150). */
  test?: boolean;
  terminator?: LineTerminator;
}

export interface DebitInput {
  /** Customer ID at the company (E02), echoed in F02: the member id. */
  memberId: string | number;
  /** Our charge id, in E 070–118 and echoed in F. */
  chargeId: string | number;
  agency: string;
  account: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  valueCents: number;
  /** v05: the account holder's CPF (11 digits) or CNPJ (14), optional. */
  holderDocument?: string | null;
  /** E10/E12 = 1: cancel a debit sent earlier. */
  cancel?: boolean;
}

export interface DebitRemittanceInput {
  bank: DebitBank;
  agreement: DebitAgreement;
  /** File sequence number (A08). */
  nsa: number;
  /** Generation date 'YYYY-MM-DD'. */
  date: string;
  version?: Cnab150Version;
  debits: readonly DebitInput[];
}

const onlyAlnum = (value: string | number) => String(value).replace(/[^0-9A-Za-z]/g, '');

/** Branch and account as E03/E04 carry them: punctuation dropped, zero-filled on the left to 4 and 14. */
function bankId(value: string, length: number, field: string): string {
  const text = /^\d*$/.test(value) ? value : onlyAlnum(value).toUpperCase();
  if (text.length > length) throw new BankFileError(m.tooLong(length), field);
  return text.padStart(length, '0');
}

function documentFields(document: string | null | undefined) {
  const digits = document ? document.replace(/\D/g, '') : '';
  if (!digits) return { holderIdType: '0', holderId: '0' };
  return { holderIdType: digits.length > 11 ? '1' : '2', holderId: digits };
}

function profileOf(bank: DebitBank, agreement: DebitAgreement, version?: Cnab150Version) {
  const profile = debitBanks[bank];
  const bankCode = agreement.bankCode ?? profile.code;
  if (!bankCode) throw new BankFileError(m.bankCodeRequired, 'bankCode');
  return { profile, bankCode, version: version ?? profile.defaultVersion };
}

/** The CNAB 150 remittance: A, one E per debit (in the given order), Z with the record count and the sum of E06. */
export function buildDebitRemittance(input: DebitRemittanceInput): BuiltFile {
  const { profile, bankCode, version } = profileOf(input.bank, input.agreement, input.version);
  const lines: string[] = [];
  const records: BuiltRecord[] = [];
  lines.push(
    writeRecord(cnab150Header, {
      operation: '1',
      agreement: input.agreement.code,
      companyName: input.agreement.companyName,
      bankCode,
      bankName: profile.name,
      date: input.date,
      nsa: input.nsa,
      version,
      testMarker: input.agreement.test && profile.testMarker ? 'TESTE' : '',
    }),
  );
  const layout = version === '05' ? cnab150E05 : cnab150E04;
  let totalCents = 0;
  for (const debit of input.debits) {
    const memberId = String(debit.memberId);
    const chargeId = String(debit.chargeId);
    try {
      lines.push(
        writeRecord(layout, {
          memberId,
          agency: bankId(debit.agency, 4, 'agency'),
          account: bankId(debit.account, 14, 'account'),
          dueDate: debit.dueDate,
          valueCents: debit.valueCents,
          chargeId,
          movement: debit.cancel ? '1' : '0',
          ...(version === '05' ? documentFields(debit.holderDocument) : {}),
        }),
      );
    } catch (error) {
      // Name the line being built, so a bad charge is found at once.
      if (error instanceof BankFileError) throw new BankFileError(error.reason, error.field, lines.length + 1);
      throw error;
    }
    totalCents += debit.valueCents;
    records.push({ line: lines.length, chargeId, memberId, valueCents: debit.valueCents });
  }
  lines.push(writeRecord(cnab150Trailer, { recordCount: lines.length + 1, totalCents }));
  return { text: writeFile(lines, input.agreement.terminator), lines, records, recordCount: lines.length, totalCents };
}

export interface DebitFileHeader {
  /** '1' remittance, '2' return. */
  operation: string;
  agreement: string;
  companyName: string;
  bankCode: string;
  bankName: string;
  date: string | null;
  nsa: number;
  version: string;
  test: boolean;
}

/** One F record: the result of one debit. */
export interface DebitResult {
  line: number;
  memberId: string;
  chargeId: string;
  agency: string;
  account: string;
  /** The actual debit date when paid ('00'), otherwise the due date sent. */
  date: string | null;
  /** The amount debited when paid, otherwise the amount sent. */
  valueCents: number;
  code: string;
  status: ReturnStatus;
  description: string;
  /** '0' debit, '1' cancellation (echo of E). */
  movement: string;
  holderId: string | null;
}

/** One E record (when a remittance is read back). */
export interface DebitRequest {
  line: number;
  memberId: string;
  chargeId: string;
  agency: string;
  account: string;
  dueDate: string | null;
  valueCents: number;
  movement: string;
  holderId: string | null;
}

export interface DebitFile {
  header: DebitFileHeader | null;
  /** F records (return). */
  results: DebitResult[];
  /** E records (remittance). */
  requests: DebitRequest[];
  /** B records: authorisations opted in ('2') or out ('1') at the bank. */
  registrations: (RecordValues<typeof cnab150B> & { line: number })[];
  /** J records: confirmation that a file was processed. */
  confirmations: (RecordValues<typeof cnab150J> & { line: number })[];
  /** Other known records (C, D, H, T), typed by their layout. */
  others: { line: number; recordType: string; values: Record<string, string | number | null> }[];
  trailer: { recordCount: number; totalCents: number } | null;
  problems: BankFileProblem[];
  /** Header and trailer present and the trailer's count and sum add up; otherwise the import refuses the file. */
  balanced: boolean;
}

const otherLayouts = { C: cnab150C, D: cnab150D, H: cnab150H, T: cnab150T } as const;

/** Reads any CNAB 150 débito automático file (remittance or return); problems are listed, never thrown. */
export function readDebitFile(input: string | Uint8Array): DebitFile {
  const lines = splitLines(fileText(input), W);
  const file: DebitFile = {
    header: null,
    results: [],
    requests: [],
    registrations: [],
    confirmations: [],
    others: [],
    trailer: null,
    problems: [],
    balanced: false,
  };
  if (lines.length === 0) {
    file.problems.push(problemAt(1, 'structure', m.empty));
    return file;
  }
  let version = '04';
  let sum = 0;
  let trailerLine = 0;
  readReceivedLines(lines, W, file.problems, (text, line) => {
    const kind = text[0]!;
    if (kind === 'A') {
      if (line !== 1) file.problems.push(problemAt(line, 'structure', m.misplaced));
      const a = readRecord(cnab150Header, text, line);
      version = a.version;
      file.header = {
        operation: a.operation,
        agreement: a.agreement,
        companyName: a.companyName,
        bankCode: a.bankCode,
        bankName: a.bankName,
        date: a.date,
        nsa: Number(a.nsa),
        version: a.version,
        test: a.testMarker === 'TESTE',
      };
    } else if (kind === 'F') {
      const f = readRecord(version === '05' ? cnab150F05 : cnab150F04, text, line);
      sum += f.valueCents;
      const info = lookupReturnCode(debitReturnCodes, f.returnCode);
      file.results.push({
        line,
        memberId: f.memberId.trim(),
        chargeId: f.chargeId.trim(),
        agency: f.agency,
        account: f.account,
        date: f.date,
        valueCents: f.valueCents,
        code: f.returnCode,
        status: info.status,
        description: info.description,
        movement: f.movement,
        holderId: 'holderId' in f && Number(f.holderId) > 0 ? f.holderId : null,
      });
    } else if (kind === 'E') {
      const e = readRecord(version === '05' ? cnab150E05 : cnab150E04, text, line);
      sum += e.valueCents;
      file.requests.push({
        line,
        memberId: e.memberId.trim(),
        chargeId: e.chargeId.trim(),
        agency: e.agency,
        account: e.account,
        dueDate: e.dueDate,
        valueCents: e.valueCents,
        movement: e.movement,
        holderId: 'holderId' in e && Number(e.holderId) > 0 ? e.holderId : null,
      });
    } else if (kind === 'B') {
      file.registrations.push({ line, ...readRecord(cnab150B, text, line) });
    } else if (kind === 'J') {
      file.confirmations.push({ line, ...readRecord(cnab150J, text, line) });
    } else if (kind === 'Z') {
      if (line !== lines.length) file.problems.push(problemAt(line, 'structure', m.misplaced));
      const z = readRecord(cnab150Trailer, text, line);
      file.trailer = { recordCount: Number(z.recordCount), totalCents: z.totalCents };
      trailerLine = line;
    } else if (kind in otherLayouts) {
      const layout = otherLayouts[kind as keyof typeof otherLayouts];
      file.others.push({ line, recordType: kind, values: readRecord(layout, text, line) });
    } else {
      file.problems.push(problemAt(line, 'record-type', m.unknownRecord(kind)));
    }
  });
  const trailer = file.trailer;
  file.balanced = closeReceivedFile(
    file.problems,
    lines.length,
    file.header !== null,
    trailer && (() => checkCountAndSum(file.problems, { line: trailerLine, ...trailer }, lines.length, sum)),
  );
  return file;
}

/**
 * Reads a CNAB 150 return (bank → company): header (bank, NSA, date), F results with their code, status and
 * pt-BR description, B registrations, J confirmations, and the problems (wrong length, bad field, unknown record
 * type, trailer count or sum: kind 'trailer', then `balanced` is false and the import refuses the whole file).
 */
export function readDebitReturn(input: string | Uint8Array): DebitFile {
  const file = readDebitFile(input);
  if (file.header && file.header.operation !== '2') file.problems.unshift(problemAt(1, 'structure', m.notAReturn, 'operation'));
  return file;
}

/** What the bank did with one debit, for {@link buildDebitReturnFrom}: a F07 code, or the code with its details. */
export type DebitOutcome = string | { code: string; date?: string; valueCents?: number };

/**
 * For tests: the return a bank would send for a remittance. Each E whose charge id is in `outcomes` gets a F with
 * that code (the date and value of the E unless given); charges not listed get no F (no return yet). Header
 * operation 2, same bank and agreement, the given NSA (default: the remittance's) and date; Z with count and sum.
 */
export function buildDebitReturnFrom(
  remittanceText: string,
  outcomes: Readonly<Record<string, DebitOutcome>>,
  options: { nsa?: number; date?: string; terminator?: LineTerminator } = {},
): BuiltFile {
  const remittance = readDebitFile(remittanceText);
  const header = remittance.header;
  if (!header) throw new BankFileError(m.noHeader);
  const version = header.version === '05' ? '05' : '04';
  const lines = [
    writeRecord(cnab150Header, {
      operation: '2',
      agreement: header.agreement,
      companyName: header.companyName,
      bankCode: header.bankCode,
      bankName: header.bankName,
      date: options.date ?? header.date,
      nsa: options.nsa ?? header.nsa,
      version,
    }),
  ];
  const records: BuiltRecord[] = [];
  let totalCents = 0;
  for (const request of remittance.requests) {
    const outcome = outcomes[request.chargeId];
    if (outcome === undefined) continue;
    const { code, date, valueCents } = typeof outcome === 'string' ? { code: outcome } : outcome;
    const value = valueCents ?? request.valueCents;
    lines.push(
      writeRecord(version === '05' ? cnab150F05 : cnab150F04, {
        memberId: request.memberId,
        agency: request.agency,
        account: request.account,
        date: date ?? request.dueDate,
        valueCents: value,
        returnCode: code,
        chargeId: request.chargeId,
        movement: request.movement,
        ...(version === '05' && request.holderId ? documentFields(request.holderId.replace(/^0+/, '')) : {}),
      }),
    );
    totalCents += value;
    records.push({ line: lines.length, chargeId: request.chargeId, memberId: request.memberId, valueCents: value });
  }
  lines.push(writeRecord(cnab150Trailer, { recordCount: lines.length + 1, totalCents }));
  return { text: writeFile(lines, options.terminator), lines, records, recordCount: lines.length, totalCents };
}
