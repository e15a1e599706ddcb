/**
 * Money as integer cents (issue 10 §4): amounts are parsed from text by string arithmetic, summed as
 * integers and formatted from integers, so no floating-point step (0.29 * 100 === 28.999999999999996)
 * can change a value. The database keeps amounts as integer cents too.
 */

/** An amount in integer cents (R$ 1.234,56 is 123456). Made only by toCents, sumCents or asCents. */
export type Cents = number & { readonly __brand: 'Cents' };

/** Marks a whole number of cents that came from a trusted source (a record, a literal); throws otherwise. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Valor em centavos inválido: ${value}`);
  return (value === 0 ? 0 : value) as Cents; // -0 becomes 0
}

/** whole reais digits + fraction digits -> cents; a third decimal rounds half up (away from zero). */
function fromDigits(whole: string, fraction: string, negative: boolean): Cents | null {
  const cents = Number(`${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}`) + (Number(fraction[2] ?? '0') >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return (negative && cents !== 0 ? -cents : cents) as Cents;
}

/** A number of reais via its shortest decimal text ('0.29'), never multiplied by 100. */
function numberToCents(reais: number): Cents | null {
  if (!Number.isFinite(reais)) return null;
  const text = String(Math.abs(reais));
  // Exponent form: below 1e-6 it rounds to 0 cents; from 1e21 it is beyond the safe integers anyway.
  if (text.includes('e')) return Math.abs(reais) < 1 ? (0 as Cents) : null;
  const [whole = '0', fraction = ''] = text.split('.');
  return fromDigits(whole, fraction, reais < 0);
}

/**
 * Reais to cents. Text is read in pt-BR: 'R$ 1.234,56', '1234,5', '1.234' (thousands), '-R$ 1,00',
 * 'R$ -1,00', and '12.5' (one dot followed by one or two digits is the decimal mark). A number is a value
 * in reais (as a NumberInput gives it: 1234.56). More than two decimals round half up (away from zero):
 * '1,005' -> 101. Empty, unreadable, non-finite or beyond-safe-integer input gives null.
 */
export function toCents(value: string | number | null | undefined): Cents | null {
  if (typeof value === 'number') return numberToCents(value);
  let s = (value ?? '').replace(/[\s\u00a0]+/g, '');
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  if (/^R\$/i.test(s)) s = s.slice(2);
  if (!negative && s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,3}(?:\.\d{3})+|\d*),(\d*)$/.exec(s)) && (match[1] || match[2])) {
    return fromDigits(match[1]!.replaceAll('.', ''), match[2]!, negative);
  }
  if (/^\d{1,3}(?:\.\d{3})+$/.test(s) || /^\d+$/.test(s)) return fromDigits(s.replaceAll('.', ''), '', negative);
  if ((match = /^(\d+)\.(\d{1,2})$/.exec(s))) return fromDigits(match[1]!, match[2]!, negative);
  return null;
}

/** Cents to a number of reais for a numeric input (123456 -> 1234.56), read from decimal text, not divided. */
export function centsToReais(cents: number): number {
  const abs = String(Math.abs(Math.round(cents))).padStart(3, '0');
  const reais = Number(`${abs.slice(0, -2)}.${abs.slice(-2)}`);
  return cents < 0 && reais !== 0 ? -reais : reais;
}

/**
 * 123456 -> 'R$ 1.234,56'; -4200 -> 'R$ -42,00' (issue 22 item 21: the spec's format R$ 1.234,56 with the sign on the
 * number, one form for screens, statements and PDFs alike). A fractional input is rounded half away from zero;
 * null, undefined, NaN -> ''.
 */
export function formatCents(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '';
  const abs = Math.round(Math.abs(cents));
  if (!Number.isSafeInteger(abs)) return '';
  const text = String(abs).padStart(3, '0');
  const reais = text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${cents < 0 && abs !== 0 ? '-' : ''}${reais},${text.slice(-2)}`;
}

/**
 * Plain decimal text for files (CSV, spreadsheets' text cells): 123456 -> '1234,56', -5 -> '-0,05'; no currency sign,
 * no thousands separator, built from the integer's digits (never a division). Throws for a non-integer.
 */
export function centsToDecimalText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`valor em centavos inválido: ${cents}`);
  const text = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${text.slice(0, -2)},${text.slice(-2)}`;
}

/** Integer sum of amounts in cents; throws a RangeError for a fractional amount or a total beyond the safe integers. */
export function sumCents(amounts: Iterable<number>): Cents {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`Valor em centavos inválido: ${amount}`);
    total += amount;
    if (!Number.isSafeInteger(total)) throw new RangeError('Soma em centavos fora do limite');
  }
  return asCents(total);
}

/**
 * True when a number has at most `places` decimals as written ('2.5', '2.55'; not '2.555'): the check of a
 * percent rate kept as numeric(5,2), done on the decimal text instead of multiplying by 100.
 */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const text = String(Math.abs(value));
  if (text.includes('e')) return !text.includes('e-');
  return (text.split('.')[1] ?? '').length <= places;
}
