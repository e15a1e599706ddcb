import { onlyDigits } from '../format.js';

/**
 * Brazil's area codes (DDD) in use, as Anatel lists them: a number with any other pair of digits in front is not a
 * Brazilian number (36, 52, 56-59, 72, 76 and 78 are not assigned).
 */
export const brazilianAreaCodes: ReadonlySet<string> = new Set(
  [
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55',
    '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);

/** A mobile number in E.164 (+55, DDD, 9 digits starting with 9), the only kind SMS and WhatsApp reach. */
export const isBrazilianMobile = (e164: string) => /^\+55\d{2}9\d{8}$/.test(e164);

/**
 * A Brazilian phone number in E.164 (`+55` + DDD + number) as the SMS and WhatsApp providers take it, or null when
 * the text is not one. Accepts what people type and what older records hold: masks and spaces ("(61) 98765-4321"),
 * the country code with or without `+`/`00`, the trunk `0` and a carrier code ("0 21 61 98765-4321"), a separate
 * `ddd` (the record keeps DDD and number apart), and an 8-digit mobile from before the ninth digit (6-9 first: the 9
 * is put in front). A landline (8 digits, 2-5 first) is kept as it is; `isBrazilianMobile` tells them apart.
 */
export function toBrazilianE164(phone: string | null | undefined, ddd?: string | null): string | null {
  const text = (phone ?? '').trim();
  if (!text) return null;
  // Another country's number, written as such, is not ours to rewrite.
  if (/^\+/.test(text) && !/^\+\s*55/.test(text)) return null;
  let digits = onlyDigits(text);
  if (/^\+/.test(text)) {
    digits = digits.slice(2);
  } else if (/^00\s*55/.test(text)) {
    digits = digits.slice(4);
  } else if (/^55\d{10,11}$/.test(digits)) {
    // 12 or 13 digits beginning with 55: the country code (a DDD 55 number has 10 or 11).
    digits = digits.slice(2);
  } else if (/^0\d{12,13}$/.test(digits)) {
    // 0 + carrier code (2 digits) + DDD + number.
    digits = digits.slice(3);
  } else if (/^0\d{10,11}$/.test(digits)) {
    digits = digits.slice(1);
  }
  if (digits.length <= 9 && ddd) digits = onlyDigits(ddd) + digits;
  if (digits.length !== 10 && digits.length !== 11) return null;
  const area = digits.slice(0, 2);
  let number = digits.slice(2);
  if (!brazilianAreaCodes.has(area)) return null;
  if (number.length === 9 && !number.startsWith('9')) return null;
  if (number.length === 8) {
    if (/^[6-9]/.test(number)) number = `9${number}`;
    else if (!/^[2-5]/.test(number)) return null;
  }
  return `+55${area}${number}`;
}
