import {
  bankFileMessages,
  bankImportMessages,
  bankReturnTypes,
  readBoletoReturn,
  readDebitReturn,
  readPayrollReturn,
  type BankFileProblem,
  type BankReturnType,
  type ReturnStatus,
} from '@assoc/domain';

/** One record of a return, whatever its layout. */
export interface ReturnRecord {
  line: number;
  chargeId: string;
  status: ReturnStatus;
  /** The bank's own code and text. */
  code: string;
  description: string;
  date: string | null;
  /** Cents the bank says were paid (0 when not paid). */
  paid: number;
  /** The charge's code in the catalogue (charge_return_codes): null when the record settles nothing. */
  chargeCode: number | null;
}

export interface ReadReturn {
  bnkId: number;
  bankCode: string;
  nsa: number;
  records: ReturnRecord[];
  problems: BankFileProblem[];
  /** Why the whole file is refused (nothing written), or null. */
  refusal: string | null;
}

/**
 * The charge's code in the catalogue (charge_return_codes) for a settling record: CNAB 150 F codes are the catalogue's
 * own (the reader answers a settling status only for the codes of its table, all in the catalogue); boleto and payroll
 * outcomes map to the codes of migration 0040.
 */
const BOLETO_CODES: Partial<Record<ReturnStatus, number>> = { paid: 0, rejected: 40, 'written-off': 41 };
const PAYROLL_CODES: Record<string, number> = { '00': 0, '01': 0, '02': 42, '03': 43, '04': 44, '05': 45 };
const settles = (status: ReturnStatus) => status === 'paid' || status === 'rejected' || status === 'written-off';

/** What each reader's file gives, before the checks common to every layout. */
interface LayoutFile {
  header: { bankCode?: string; nsa: number } | null;
  balanced: boolean;
  problems: BankFileProblem[];
  records: ReturnRecord[];
}

function readLayout(tipo: BankReturnType, bytes: Uint8Array): LayoutFile {
  if (tipo === 'cnab240-boleto') {
    const file = readBoletoReturn(bytes);
    return {
      ...file,
      records: file.results.map((r) => ({
        line: r.line,
        chargeId: r.chargeId,
        status: r.status,
        code: r.movement,
        description: [r.description, ...r.reasons.map((x) => x.description)].join(' - '),
        date: r.paidDate,
        paid: r.status === 'paid' ? r.paidCents : 0,
        chargeCode: BOLETO_CODES[r.status] ?? null,
      })),
    };
  }
  if (tipo === 'folha') {
    const file = readPayrollReturn(bytes);
    return {
      ...file,
      records: file.results.map((r) => ({
        line: r.line,
        chargeId: r.chargeId,
        status: r.status,
        code: r.code,
        description: r.description,
        date: file.header?.date ?? null,
        paid: r.status === 'paid' ? r.deductedCents : 0,
        chargeCode: settles(r.status) ? (PAYROLL_CODES[r.code] ?? null) : null,
      })),
    };
  }
  const file = readDebitReturn(bytes);
  return {
    ...file,
    records: file.results.map((r) => ({
      line: r.line,
      chargeId: r.chargeId,
      status: r.status,
      code: r.code,
      description: r.description,
      date: r.date,
      paid: r.status === 'paid' ? r.valueCents : 0,
      chargeCode: settles(r.status) ? Number(r.code) : null,
    })),
  };
}

/** The bank a type's files must come from ('000': the payroll office, whose file names no bank). */
function expectedBank(tipo: BankReturnType, banks: { magiscred: string; boleto: string }) {
  if (tipo === 'cnab150-bb') return '001';
  if (tipo === 'cnab150-santander') return '033';
  if (tipo === 'cnab150-magiscred') return banks.magiscred;
  if (tipo === 'cnab240-boleto') return banks.boleto;
  return '000';
}

/** Why a file is refused whole (nothing written), or null. */
function refusalOf(file: LayoutFile, expected: string): string | null {
  const notAReturn = file.problems.some((p) => p.kind === 'structure' && p.message.includes(bankFileMessages.notAReturn));
  if (!file.header || notAReturn) return bankImportMessages.notAReturn;
  if (!file.balanced) {
    const trailer = file.problems.filter((p) => p.kind === 'trailer').map((p) => p.message);
    return `${bankImportMessages.unbalanced}: ${trailer.join('; ')}`;
  }
  const bankCode = file.header.bankCode;
  return bankCode !== undefined && bankCode !== expected ? bankImportMessages.wrongBank(expected, bankCode) : null;
}

/**
 * Reads a bank return with the reader of its type (docs/BANK-FILES.md) into one shape. A file whose trailer does not
 * add up, that is not a return, or that comes from another bank than the type says is refused whole.
 */
export function readReturn(tipo: BankReturnType, bytes: Uint8Array, banks: { magiscred: string; boleto: string }): ReadReturn {
  const expected = expectedBank(tipo, banks);
  const file = readLayout(tipo, bytes);
  const bankCode = file.header?.bankCode;
  const refusal = refusalOf(file, expected);
  return {
    bnkId: bankReturnTypes.find((t) => t.value === tipo)!.bnkId,
    bankCode: bankCode ?? expected,
    nsa: file.header?.nsa ?? 0,
    problems: file.problems,
    refusal,
    records: file.records,
  };
}
