/**
 * Debit places ("Local de débito", the member's bankAccount.bnkId) and their rules (spec 1 §5 "Bank rules", §9).
 *
 * Which real bank each id is: spec 2 §9 names the open-balance channels "Santander 1, Banco do Brasil 2,
 * {product} 10, Boleto Bancário 11, Magiscred 18, Cobrança Judicial 19"; spec 1 §5 fits that (bank 2 has a
 * branch digit — Banco do Brasil's agency has one, Santander's has not). Bank 20 has no fields and no name
 * in the spec: "Sem cobrança bancária" is ours. Bank codes, branches and accounts stay strings (leading zeros).
 *
 * Check digits, and where each algorithm comes from:
 * - Bank 2 (Banco do Brasil): branch digit and account digit are both modulo 11 (weights 5..2 over the
 *   4-digit branch, 9..2 over the 8-digit account); 11 − (sum mod 11), 10 → 'X', 11 → '0'. This is
 *   Banco do Brasil's published rule (the same modulo-11 family as its "nosso número" digit in
 *   /work/shared/domain/BANKING-AND-HEALTH.md §2.4, BB-BOLETO).
 * - Bank 1 (Santander): the account digit is Santander's published modulo-10 rule over branch (4) +
 *   account (8) with weights 9,7,3,1,9,7,1,3,1,9,7,3, keeping the units of each product;
 *   digit = (10 − sum mod 10) mod 10. Not in the domain notes: chosen from the bank's rule as used by
 *   public validators (e.g. banking_data_validator's Santander module).
 * - Bank 19 (Cobrança Judicial): the spec says "account 7 digits with check digit" without the
 *   calculation and it is not a bank: ours is the generic modulo 11 (weights 2..9 from the right,
 *   11 − remainder, 10 and 11 → '0').
 * - Banks 18, 10, 11, 20: no check digit in the spec.
 */

export interface DebitPlace {
  readonly bnkId: number;
  readonly bankName: string;
  /** FEBRABAN bank code where it is a real bank. */
  readonly bankCode: string | null;
}

export const SANTANDER = 1;
export const BANCO_DO_BRASIL = 2;
export const ASSOCIATION_PAYROLL = 10;
export const BOLETO = 11;
export const MAGISCRED = 18;
export const COBRANCA_JUDICIAL = 19;
export const NO_BILLING = 20;
/** Bank 18's fixed branch (spec 1 §4 "Bank change"). */
export const MAGISCRED_BRANCH = '4378';

export const debitPlaces: readonly DebitPlace[] = [
  { bnkId: SANTANDER, bankName: 'Santander', bankCode: '033' },
  { bnkId: BANCO_DO_BRASIL, bankName: 'Banco do Brasil', bankCode: '001' },
  { bnkId: ASSOCIATION_PAYROLL, bankName: 'Associação (desconto em folha)', bankCode: null },
  { bnkId: BOLETO, bankName: 'Boleto Bancário', bankCode: null },
  { bnkId: MAGISCRED, bankName: 'Magiscred', bankCode: null },
  { bnkId: COBRANCA_JUDICIAL, bankName: 'Cobrança Judicial', bankCode: null },
  { bnkId: NO_BILLING, bankName: 'Sem cobrança bancária', bankCode: null },
];

export const debitPlaceIds = debitPlaces.map((p) => p.bnkId);

const onlyDigits = (v: string) => /^\d+$/.test(v);

function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(i) - 48) * weights[i]!;
  return sum;
}

/** Banco do Brasil modulo 11 (11 − remainder; 10 → 'X', 11 → '0'), weights counting down to 2 on the right. */
export function bbCheckDigit(digits: string): string {
  if (!onlyDigits(digits)) throw new Error('dígitos esperados');
  const weights = Array.from({ length: digits.length }, (_, i) => digits.length + 1 - i);
  const dv = 11 - (weightedSum(digits, weights) % 11);
  return dv === 10 ? 'X' : dv === 11 ? '0' : String(dv);
}

const SANTANDER_WEIGHTS = [9, 7, 3, 1, 9, 7, 1, 3, 1, 9, 7, 3];

/** Santander account digit over the 4-digit branch and the 8-digit account. */
export function santanderCheckDigit(branch: string, account: string): string {
  const digits = `${branch}${account}`;
  if (!onlyDigits(digits) || digits.length !== 12) throw new Error('agência de 4 e conta de 8 dígitos esperadas');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += ((digits.charCodeAt(i) - 48) * SANTANDER_WEIGHTS[i]!) % 10;
  return String((10 - (sum % 10)) % 10);
}

/** Generic modulo 11, weights 2..9 from the right; 10 and 11 → '0' (bank 19). */
export function mod11CheckDigit(digits: string): string {
  if (!onlyDigits(digits)) throw new Error('dígitos esperados');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * (2 + (i % 8));
  const dv = 11 - (sum % 11);
  return dv >= 10 ? '0' : String(dv);
}

export interface BankAccountValues {
  bnkId?: number | null;
  bnkaccBranch?: string | null;
  bnkaccBranchDigit?: string | null;
  bnkaccAccount?: string | null;
  bnkaccAccountDigit?: string | null;
}

export type BankAccountField = 'bnkId' | 'bnkaccBranch' | 'bnkaccBranchDigit' | 'bnkaccAccount' | 'bnkaccAccountDigit';
export interface BankIssue {
  field: BankAccountField;
  message: string;
}

/** The account length of each bank with an account (spec 1 §5 "Field lengths"). */
export function accountLength(bnkId: number | null | undefined): number {
  if (bnkId === MAGISCRED) return 6;
  if (bnkId === COBRANCA_JUDICIAL) return 7;
  return 8;
}

/** Which fields a debit place shows (the web's billing panel and the server's clean-up use the same answer). */
export function bankFields(bnkId: number | null | undefined): readonly BankAccountField[] {
  switch (bnkId) {
    case SANTANDER:
      return ['bnkaccBranch', 'bnkaccAccount', 'bnkaccAccountDigit'];
    case BANCO_DO_BRASIL:
      return ['bnkaccBranch', 'bnkaccBranchDigit', 'bnkaccAccount', 'bnkaccAccountDigit'];
    case ASSOCIATION_PAYROLL:
      return ['bnkaccAccount'];
    case MAGISCRED:
      return ['bnkaccBranch', 'bnkaccAccount'];
    case COBRANCA_JUDICIAL:
      return ['bnkaccAccount', 'bnkaccAccountDigit'];
    default:
      return [];
  }
}

/** What a bank change does to the fields (spec 1 §4 "Bank change"). */
export function bankChangeValues(bnkId: number | null): Required<Omit<BankAccountValues, 'bnkId'>> & { bnkId: number | null } {
  return {
    bnkId,
    bnkaccBranch: bnkId === MAGISCRED ? MAGISCRED_BRANCH : '',
    bnkaccBranchDigit: '',
    bnkaccAccount: '',
    bnkaccAccountDigit: '',
  };
}

export interface BankContext {
  /** Financeiro (custFinanceiroStatus): bank 10 needs 'A'. */
  custFinanceiroStatus?: string | null;
}

/**
 * Every bank rule of spec 1 §5 for one bank account, each as the field it belongs to and its message.
 * Field lengths use the generic messages; check digits are tested only once the lengths are right.
 */
export function bankAccountIssues(
  account: BankAccountValues,
  context: BankContext,
  messages: {
    required: string;
    exactLength: (n: number) => string;
    digitsOnly: string;
    bankRequired: string;
    invalidBranch: string;
    invalidBranchDigit: string;
    invalidAccountDigit: string;
    debitPlaceIncompatible: string;
    oneOf: string;
  },
): BankIssue[] {
  const issues: BankIssue[] = [];
  const bnkId = account.bnkId ?? null;
  if (bnkId === null) return [{ field: 'bnkId', message: messages.bankRequired }];
  if (!debitPlaceIds.includes(bnkId)) return [{ field: 'bnkId', message: messages.oneOf }];
  const branch = (account.bnkaccBranch ?? '').trim();
  const branchDigit = (account.bnkaccBranchDigit ?? '').trim().toUpperCase();
  const acc = (account.bnkaccAccount ?? '').trim();
  const accDigit = (account.bnkaccAccountDigit ?? '').trim().toUpperCase();

  const digitsField = (field: BankAccountField, value: string, length: number): boolean => {
    if (value === '') issues.push({ field, message: messages.required });
    else if (!onlyDigits(value)) issues.push({ field, message: messages.digitsOnly });
    else if (value.length !== length) issues.push({ field, message: messages.exactLength(length) });
    else return true;
    return false;
  };
  const branchField = (): boolean => {
    if (branch === '') issues.push({ field: 'bnkaccBranch', message: messages.required });
    else if (!onlyDigits(branch) || branch.length !== 4) issues.push({ field: 'bnkaccBranch', message: messages.invalidBranch });
    else return true;
    return false;
  };
  const digitField = (field: BankAccountField, value: string): boolean => {
    if (value === '') issues.push({ field, message: messages.required });
    else if (value.length !== 1) issues.push({ field, message: messages.exactLength(1) });
    else return true;
    return false;
  };

  switch (bnkId) {
    case SANTANDER: {
      const okBranch = branchField();
      const okAccount = digitsField('bnkaccAccount', acc, 8);
      const okDigit = digitField('bnkaccAccountDigit', accDigit);
      if (okBranch && okAccount && okDigit && santanderCheckDigit(branch, acc) !== accDigit)
        issues.push({ field: 'bnkaccAccountDigit', message: messages.invalidAccountDigit });
      break;
    }
    case BANCO_DO_BRASIL: {
      const okBranch = branchField();
      const okBranchDigit = digitField('bnkaccBranchDigit', branchDigit);
      if (okBranch && okBranchDigit && bbCheckDigit(branch) !== branchDigit)
        issues.push({ field: 'bnkaccBranchDigit', message: messages.invalidBranchDigit });
      const okAccount = digitsField('bnkaccAccount', acc, 8);
      const okDigit = digitField('bnkaccAccountDigit', accDigit);
      if (okAccount && okDigit && bbCheckDigit(acc) !== accDigit) issues.push({ field: 'bnkaccAccountDigit', message: messages.invalidAccountDigit });
      break;
    }
    case ASSOCIATION_PAYROLL:
      digitsField('bnkaccAccount', acc, 8);
      if ((context.custFinanceiroStatus ?? '') !== 'A') issues.push({ field: 'bnkId', message: messages.debitPlaceIncompatible });
      break;
    case MAGISCRED:
      if (branch !== MAGISCRED_BRANCH) issues.push({ field: 'bnkaccBranch', message: messages.invalidBranch });
      digitsField('bnkaccAccount', acc, 6);
      break;
    case COBRANCA_JUDICIAL: {
      const okAccount = digitsField('bnkaccAccount', acc, 7);
      const okDigit = digitField('bnkaccAccountDigit', accDigit);
      if (okAccount && okDigit && mod11CheckDigit(acc) !== accDigit)
        issues.push({ field: 'bnkaccAccountDigit', message: messages.invalidAccountDigit });
      break;
    }
    default:
      break; // 11 boleto, 20 no fields
  }
  return issues;
}
