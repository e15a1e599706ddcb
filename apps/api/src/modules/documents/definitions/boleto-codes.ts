/**
 * The printed numbers of a boleto from its 44-digit barcode (BANKING-AND-HEALTH §2.1–2.5): the bank code
 * with its check digit, the general check digit of the barcode, and the 47-digit "linha digitável".
 * Billing builds the barcode later; the document only checks and prints it.
 */

/** Mod 10 of the linha digitável's fields 1–3 (§2.5): weights 2, 1, 2, … from the right, products' digits added. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Sum of the digits times 2, 3, …, 9, 2, … from the right, mod 11. */
function mod11Remainder(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[digits.length - 1 - i]) * (2 + (i % 8));
  return sum % 11;
}

/** General check digit of a bank boleto (§2.2): 11 − (sum mod 11); 0, 10 and 11 give 1. */
export function barcodeCheckDigit(barcode: string): number {
  const dv = 11 - mod11Remainder(barcode.slice(0, 4) + barcode.slice(5));
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** True for 44 digits whose position 5 is their general check digit. */
export function isValidBarcode(barcode: string): boolean {
  return /^\d{44}$/.test(barcode) && Number(barcode[4]) === barcodeCheckDigit(barcode);
}

/** '001' -> '001-9', '033' -> '033-7' (mod 11 of the bank code; 10 and 11 give 0). */
export function bankCodeWithDigit(bank: string): string {
  const dv = 11 - mod11Remainder(bank);
  return `${bank}-${dv >= 10 ? 0 : dv}`;
}

/** The linha digitável printed as 'AAABC.CCCCX DDDDD.DDDDDY EEEEE.EEEEEZ K UUUUVVVVVVVVVV' (§2.5). */
export function linhaDigitavel(barcode: string): string {
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  const withDv = (f: string) => f + String(mod10(f));
  const f1 = withDv(field1);
  const f2 = withDv(field2);
  const f3 = withDv(field3);
  return `${f1.slice(0, 5)}.${f1.slice(5)} ${f2.slice(0, 5)}.${f2.slice(5)} ${f3.slice(0, 5)}.${f3.slice(5)} ${barcode[4]} ${barcode.slice(5, 19)}`;
}

/** The amount in cents written in positions 10–19. */
export const barcodeAmount = (barcode: string): number => Number(barcode.slice(9, 19));

const DAY = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7); // 1997-10-07

/**
 * Due-date factor of a 'YYYY-MM-DD' due date (§2.3), with the 2025 rollover (9999 = 2025-02-21, 1000 =
 * 2025-02-22): ((days since 1997-10-07 − 1000) mod 9000) + 1000. Null before 2000-07-03 (factor 1000).
 */
export function dueFactor(isoDate: string): number | null {
  const days = Math.round((Date.parse(`${isoDate}T00:00:00Z`) - FACTOR_BASE) / DAY);
  if (!Number.isFinite(days) || days < 1000) return null;
  return ((days - 1000) % 9000) + 1000;
}

/** The factor written in positions 6–9. */
export const barcodeFactor = (barcode: string): number => Number(barcode.slice(5, 9));
