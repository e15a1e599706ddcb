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

/** CNAB 150 F codes are the catalogue's own; boleto and payroll outcomes map to the codes of migration 0040. */
const CATALOGUE_150 = new Set([0, 1, 2, 4, 5, 10, 12, 13, 14, 15, 18, 19, 20, 30, 31, 96, 97, 98, 99]);
const PAYROLL_CODES: Record<string, number> = { '00': 0, '01': 0, '02': 42, '03': 43, '04': 44, '05': 45 };
const settles = (status: ReturnStatus) => status === 'paid' || status === 'rejected' || status === 'written-off';

/**
 * Reads a bank return with the reader of its type (docs/BANK-FILES.md) into one shape. A file whose trailer does not
 * add up, that is not a return, or that comes from another bank than the type says is refused whole.
 */
export function readReturn(tipo: BankReturnType, bytes: Uint8Array, banks: { magiscred: string; boleto: string }): ReadReturn {
  const type = bankReturnTypes.find((t) => t.value === tipo)!;
  const expected =
    tipo === 'cnab150-bb'
      ? '001'
      : tipo === 'cnab150-santander'
        ? '033'
        : tipo === 'cnab150-magiscred'
          ? banks.magiscred
          : tipo === 'cnab240-boleto'
            ? banks.boleto
            : '000';
  const refuse = (header: unknown, balanced: boolean, problems: BankFileProblem[], bankCode: string | undefined) => {
    if (!header || problems.some((p) => p.kind === 'structure' && p.message.includes(bankFileMessages.notAReturn)))
      return bankImportMessages.notAReturn;
    if (!balanced)
      return `${bankImportMessages.unbalanced}: ${problems
        .filter((p) => p.kind === 'trailer')
        .map((p) => p.message)
        .join('; ')}`;
    if (bankCode !== undefined && bankCode !== expected) return bankImportMessages.wrongBank(expected, bankCode);
    return null;
  };
  if (tipo === 'cnab240-boleto') {
    const file = readBoletoReturn(bytes);
    return {
      bnkId: type.bnkId,
      bankCode: file.header?.bankCode ?? expected,
      nsa: file.header?.nsa ?? 0,
      problems: file.problems,
      refusal: refuse(file.header, file.balanced, file.problems, file.header?.bankCode),
      records: file.results.map((r) => ({
        line: r.line,
        chargeId: r.chargeId,
        status: r.status,
        code: r.movement,
        description: [r.description, ...r.reasons.map((x) => x.description)].join(' - '),
        date: r.paidDate,
        paid: r.status === 'paid' ? r.paidCents : 0,
        chargeCode: r.status === 'paid' ? 0 : r.status === 'rejected' ? 40 : r.status === 'written-off' ? 41 : null,
      })),
    };
  }
  if (tipo === 'folha') {
    const file = readPayrollReturn(bytes);
    return {
      bnkId: type.bnkId,
      bankCode: '000',
      nsa: file.header?.nsa ?? 0,
      problems: file.problems,
      refusal: refuse(file.header, file.balanced, file.problems, undefined),
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
    bnkId: type.bnkId,
    bankCode: file.header?.bankCode ?? expected,
    nsa: file.header?.nsa ?? 0,
    problems: file.problems,
    refusal: refuse(file.header, file.balanced, file.problems, file.header?.bankCode),
    records: file.results.map((r) => {
      const code = Number(r.code);
      return {
        line: r.line,
        chargeId: r.chargeId,
        status: r.status,
        code: r.code,
        description: r.description,
        date: r.date,
        paid: r.status === 'paid' ? r.valueCents : 0,
        chargeCode: settles(r.status) && CATALOGUE_150.has(code) ? code : null,
      };
    }),
  };
}
