/**
 * CNJ process numbers (Resolução CNJ 65/2008): NNNNNNN-DD.AAAA.J.TR.OOOO — sequence, check digits, year,
 * justice segment, court and origin unit. The check digits are ISO 7064 mod 97-10: DD = 98 − (NAAAAJTROOOO00 mod 97),
 * so that NAAAAJTROOOODD mod 97 = 1.
 */
const CNJ_PATTERN = /^(\d{7})-?(\d{2})\.?(\d{4})\.?(\d)\.?(\d{2})\.?(\d{4})$/;

/** The 20 digits of a CNJ number written with or without its punctuation (spaces around ignored); null otherwise. */
export function parseCnj(text: string | null | undefined): string | null {
  const match = CNJ_PATTERN.exec((text ?? '').trim());
  return match ? match.slice(1).join('') : null;
}

/** Remainder mod 97 of a long digit string (no BigInt: chunked). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** The two check digits of a number from its parts (sequence 7 digits, year 4, segment 1, court 2, origin 4). */
export function cnjCheckDigits(sequence: string, year: string, segment: string, court: string, origin: string): string {
  return String(98 - mod97(`${sequence}${year}${segment}${court}${origin}00`)).padStart(2, '0');
}

/** A whole number (20 digits, check digits included) from its parts. */
export function buildCnj(parts: {
  sequence: number | string;
  year: number | string;
  segment: number | string;
  court: number | string;
  origin: number | string;
}): string {
  const sequence = String(parts.sequence).padStart(7, '0');
  const year = String(parts.year).padStart(4, '0');
  const segment = String(parts.segment);
  const court = String(parts.court).padStart(2, '0');
  const origin = String(parts.origin).padStart(4, '0');
  return `${sequence}${cnjCheckDigits(sequence, year, segment, court, origin)}${year}${segment}${court}${origin}`;
}

/** Whether the text is a CNJ number (with or without punctuation) whose check digits are right. */
export function isValidCnj(text: string | null | undefined): boolean {
  const digits = parseCnj(text);
  if (!digits) return false;
  return mod97(`${digits.slice(0, 7)}${digits.slice(9)}${digits.slice(7, 9)}`) === 1;
}

/** NNNNNNN-DD.AAAA.J.TR.OOOO from the 20 digits (or any writing parseCnj accepts); the text as given otherwise. */
export function formatCnj(text: string | null | undefined): string {
  const d = parseCnj(text);
  if (!d) return text ?? '';
  return `${d.slice(0, 7)}-${d.slice(7, 9)}.${d.slice(9, 13)}.${d.slice(13, 14)}.${d.slice(14, 16)}.${d.slice(16, 20)}`;
}

/** Names of the justice segments (the J digit). */
export const cnjSegments: Readonly<Record<string, string>> = {
  '1': 'Supremo Tribunal Federal',
  '2': 'Conselho Nacional de Justiça',
  '3': 'Superior Tribunal de Justiça',
  '4': 'Justiça Federal',
  '5': 'Justiça do Trabalho',
  '6': 'Justiça Eleitoral',
  '7': 'Justiça Militar da União',
  '8': 'Justiça dos Estados e do Distrito Federal',
  '9': 'Justiça Militar Estadual',
};
