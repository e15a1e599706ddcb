/**
 * Boleto numbers (bank slip) for Banco do Brasil (001, wallet 17, 7-digit agreement) and Santander (033):
 * the 44-digit barcode and the 47-digit linha digitável. Pure functions, no I/O.
 *
 * Source: /work/shared/domain/BANKING-AND-HEALTH.md §2 (barcode layout §2.1, general check digit §2.2, due-date
 * factor and its February 2025 rollover §2.3, free fields §2.4, linha digitável §2.5, worked examples §2.6).
 */

/** A boleto's bank: Banco do Brasil ('001') or Santander ('033'). */
export type BoletoBankCode = '001' | '033';
export const boletoBankCodes = ['001', '033'] as const;

const DAY = 86_400_000;
/** Base date of the due-date factor (§2.3). */
const FACTOR_BASE = Date.UTC(1997, 9, 7);

const digitsOnly = (value: string) => /^\d+$/.test(value);

function digits(value: string | number, length: number, what: string): string {
  const text = String(value);
  if (!digitsOnly(text) || text.length > length) throw new RangeError(`${what}: até ${length} dígitos`);
  return text.padStart(length, '0');
}

/**
 * Due-date factor (§2.3): days since 1997-10-07, restarting at 1000 after 9999 (9999 = 2025-02-21,
 * 1000 = 2025-02-22). `((days − 1000) mod 9000) + 1000`, valid from 2000-07-03.
 */
export function dueFactor(isoDate: string): number {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError('data de vencimento inválida');
  const days = Math.round((time - FACTOR_BASE) / DAY);
  if (days < 1000) throw new RangeError('vencimento anterior a 2000-07-03');
  return ((days - 1000) % 9000) + 1000;
}

/**
 * Modulo 11 with weights 2..9 from the right (restarting at 2); answers the sum's remainder.
 * Shared by the general check digit (§2.2) and Santander's nosso-número digit (§2.4).
 */
function mod11Remainder(text: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i--) {
    sum += (text.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** The barcode's general check digit (position 5) over its other 43 digits: 11 − r, with 0, 10 and 11 → 1 (§2.2). */
export function generalCheckDigit(digits43: string): number {
  if (digits43.length !== 43 || !digitsOnly(digits43)) throw new RangeError('43 dígitos esperados');
  const dv = 11 - mod11Remainder(digits43);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Modulo 10 of the linha digitável's fields 1–3: weights 2,1,2,1… from the right, products' digits added (§2.5). */
export function mod10(text: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = text.length - 1; i >= 0; i--) {
    const product = (text.charCodeAt(i) - 48) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Santander's nosso-número check digit (§2.4): remainder 0 or 1 → 0, 10 → 1, otherwise 11 − remainder. */
export function santanderNossoNumeroDigit(nossoNumero: string): number {
  if (!digitsOnly(nossoNumero)) throw new RangeError('nosso número: só dígitos');
  const r = mod11Remainder(nossoNumero);
  if (r === 0 || r === 1) return 0;
  if (r === 10) return 1;
  return 11 - r;
}

/** Banco do Brasil, agreement (convênio) of 7 digits, registered collection (wallet 17) — §2.4. */
export interface BancoDoBrasilBoleto {
  bank: '001';
  /** Convênio, 7 digits (agreements above 1,000,000). */
  agreement: string;
  /** The customer's sequential number, up to 10 digits (the nosso número is agreement + this). */
  sequence: string | number;
  /** Carteira, 2 digits (17). */
  wallet: string;
}

/** Santander — §2.4. */
export interface SantanderBoleto {
  bank: '033';
  /** Beneficiary code (código do beneficiário / PSK), 7 digits. */
  agreement: string;
  /** Nosso número without its check digit, up to 12 digits. */
  sequence: string | number;
  /** Carteira, 3 digits: 101 registered, 102 unregistered. */
  wallet: string;
  /** IOF, 0 except for insurers. */
  iof?: number;
}

export type BoletoInput = (BancoDoBrasilBoleto | SantanderBoleto) & {
  /** Due date, ISO (YYYY-MM-DD). */
  dueDate: string;
  /** Integer cents, 0 to 9,999,999,999. */
  amountCents: number;
};

export interface BoletoNumbers {
  /** 44 digits, the Interleaved 2 of 5 barcode's content. */
  barcode: string;
  /** 47 digits. */
  digitableLine: string;
  /** The linha digitável as printed: `AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV`. */
  digitableLineFormatted: string;
  /** The nosso número as printed on the slip (BB: 17 digits; Santander: 12 digits, dash, check digit). */
  nossoNumero: string;
  dueFactor: number;
}

/** The 25-digit free field (barcode positions 20–44) and the printed nosso número. */
function freeField(input: BancoDoBrasilBoleto | SantanderBoleto): { field: string; nossoNumero: string } {
  if (input.bank === '001') {
    if (!/^\d{7}$/.test(input.agreement)) throw new RangeError('convênio: 7 dígitos');
    const agreement = input.agreement;
    const nosso = agreement + digits(input.sequence, 10, 'nosso número');
    return { field: `000000${nosso}${digits(input.wallet, 2, 'carteira')}`, nossoNumero: nosso };
  }
  const beneficiary = digits(input.agreement, 7, 'código do beneficiário');
  const nosso = digits(input.sequence, 12, 'nosso número');
  const dv = santanderNossoNumeroDigit(nosso);
  const iof = input.iof ?? 0;
  if (!Number.isInteger(iof) || iof < 0 || iof > 9) throw new RangeError('IOF: 0 a 9');
  return { field: `9${beneficiary}${nosso}${dv}${iof}${digits(input.wallet, 3, 'carteira')}`, nossoNumero: `${nosso}-${dv}` };
}

/** The barcode and linha digitável of one boleto (§2.1, §2.5). */
export function boletoNumbers(input: BoletoInput): BoletoNumbers {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 9_999_999_999)
    throw new RangeError('valor fora do intervalo');
  const factor = dueFactor(input.dueDate);
  const { field, nossoNumero } = freeField(input);
  const head = `${input.bank}9`;
  const tail = `${factor}${String(input.amountCents).padStart(10, '0')}${field}`;
  const dv = generalCheckDigit(head + tail);
  const barcode = `${head}${dv}${tail}`;

  const f1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const f2 = barcode.slice(24, 34);
  const f3 = barcode.slice(34, 44);
  const p1 = f1 + mod10(f1);
  const p2 = f2 + mod10(f2);
  const p3 = f3 + mod10(f3);
  const p5 = barcode.slice(5, 19);
  const digitableLine = `${p1}${p2}${p3}${dv}${p5}`;
  const digitableLineFormatted = `${p1.slice(0, 5)}.${p1.slice(5)} ${p2.slice(0, 5)}.${p2.slice(5)} ${p3.slice(0, 5)}.${p3.slice(5)} ${dv} ${p5}`;
  return { barcode, digitableLine, digitableLineFormatted, nossoNumero, dueFactor: factor };
}

/** Whether a 47-digit linha digitável's four check digits hold (fields' mod 10 and the general mod 11). */
export function isValidDigitableLine(line: string): boolean {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return false;
  const p1 = d.slice(0, 10);
  const p2 = d.slice(10, 21);
  const p3 = d.slice(21, 32);
  if (mod10(p1.slice(0, 9)) !== Number(p1[9]) || mod10(p2.slice(0, 10)) !== Number(p2[10]) || mod10(p3.slice(0, 10)) !== Number(p3[10])) return false;
  const barcode = d.slice(0, 4) + d[32] + d.slice(33, 47) + p1.slice(4, 9) + p2.slice(0, 10) + p3.slice(0, 10);
  return generalCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}
