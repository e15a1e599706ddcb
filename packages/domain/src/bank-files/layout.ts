/**
 * The declarative layout engine of the bank files (issue 25): a record layout is a table of fields as the bank
 * manuals print them (1-based start, length, type); one generic writer and one generic reader serve every layout.
 * Pure functions, no I/O. Layouts are checked when defined (at module load), so a typo in a table fails a test,
 * never a bank.
 *
 * Field types:
 * - `num`: digits, right-aligned, zero-padded; a value longer than the field is refused (never truncated). Read as
 *   a string (leading zeros kept: branches, accounts, ids).
 * - `alpha`: left-aligned, space-padded, written in the bank charset (see {@link toBankCharset}). Too long is
 *   refused unless the field is marked `truncate` (names, addresses, cities, free text), which cuts it.
 * - `date-ddmmyyyy` | `date-yyyymmdd` | `date-ddmmyy`: written from 'YYYY-MM-DD' (absent → zeros), read back as
 *   'YYYY-MM-DD', or null when zeros or blank. Two-digit years are 20YY.
 * - `money`: integer cents, zero-padded (R$ 159,90 → …15990); read as a number of cents.
 * - `const`: the field's fixed `value` (record type, service name…), always written; read as it stands.
 * Fields whose name starts with `_` are fillers: written as spaces (or their `value`) and never read.
 */
import { bankFileMessages as m } from './bank-files.messages.js';

export type FieldType = 'num' | 'alpha' | 'date-ddmmyyyy' | 'date-yyyymmdd' | 'date-ddmmyy' | 'money' | 'const';

export interface FieldSpec {
  readonly name: string;
  /** 1-based, as the manuals print it. */
  readonly start: number;
  readonly length: number;
  readonly type: FieldType;
  /** The fixed content of a `const` field, or the default of another (e.g. '03' currency). */
  readonly value?: string;
  /** Alpha only: cut a too-long value instead of refusing it (names, addresses, free text). */
  readonly truncate?: boolean;
}

export type RecordWidth = 150 | 240;

export interface Layout<F extends readonly FieldSpec[] = readonly FieldSpec[]> {
  readonly name: string;
  readonly width: RecordWidth;
  readonly fields: F;
}

type ReadValue<T extends FieldType> = T extends 'money'
  ? number
  : T extends 'date-ddmmyyyy' | 'date-yyyymmdd' | 'date-ddmmyy'
    ? string | null
    : string;
type WriteValue<T extends FieldType> = T extends 'money'
  ? number
  : T extends 'num'
    ? string | number
    : T extends 'date-ddmmyyyy' | 'date-yyyymmdd' | 'date-ddmmyy'
      ? string | null
      : string;
type Named<F extends FieldSpec> = F['name'] extends `_${string}` ? never : F['name'];

/** What `readRecord` answers for a layout: one typed value per non-filler field. */
export type RecordValues<L extends Layout> = {
  [F in L['fields'][number] as Named<F>]: ReadValue<F['type']>;
};
/** What `writeRecord` takes: any non-filler, non-const field; absent fields are blank (alpha) or zeros. */
export type RecordInput<L extends Layout> = {
  [F in L['fields'][number] as F['type'] extends 'const' ? never : Named<F>]?: WriteValue<F['type']> | null;
};

/** A refused value or line: names the field and, when known, the line (1-based). */
export class BankFileError extends Error {
  override name = 'BankFileError';
  constructor(
    readonly reason: string,
    readonly field?: string,
    readonly line?: number,
  ) {
    super([line === undefined ? '' : m.line(line), field === undefined ? '' : m.field(field), reason].filter(Boolean).join(', '));
  }
}

/**
 * Defines a layout and checks it: fields in order, contiguous from 1, no overlap, total = width, const values of
 * the field's length. Throws at module load when a table is wrong.
 */
export function defineLayout<const F extends readonly FieldSpec[]>(name: string, width: RecordWidth, fields: F): Layout<F> {
  let next = 1;
  const names = new Set<string>();
  for (const field of fields) {
    const where = `layout ${name}, campo ${field.name}`;
    if (field.start !== next) throw new Error(`${where}: começa em ${field.start}, esperado ${next}`);
    if (!Number.isInteger(field.length) || field.length < 1) throw new Error(`${where}: tamanho inválido`);
    if (field.type === 'const' && field.value?.length !== field.length) throw new Error(`${where}: valor fixo de tamanho errado`);
    if (!field.name.startsWith('_')) {
      if (names.has(field.name)) throw new Error(`${where}: nome repetido`);
      names.add(field.name);
    }
    next += field.length;
  }
  if (next - 1 !== width) throw new Error(`layout ${name}: soma ${next - 1}, esperado ${width}`);
  return { name, width, fields };
}

/** Start positions of every field, for tests and docs: [name, start, end] 1-based inclusive. */
export function layoutPositions(layout: Layout): [string, number, number][] {
  return layout.fields.map((f) => [f.name, f.start, f.start + f.length - 1]);
}

/** The characters a bank accepts (FEBRABAN: upper-case letters, digits, space and common punctuation). */
const BANK_CHARSET = /^[A-Z0-9 .,;:\-/()&@'*+%=?!#$]*$/;
const NOT_BANK_CHAR = /[^A-Z0-9 .,;:\-/()&@'*+%=?!#$]/g;
const COMBINING = /[\u0300-\u036f]/g;

/**
 * Text as the banks take it: accents removed (Ç→C, Ã→A, º→O), upper case, and any character outside
 * {@link BANK_CHARSET} (e.g. `"`, `_`, `~`, `[`, line breaks, non-Latin letters) replaced by a space, so that one
 * character is one byte and the record keeps its width.
 */
export function toBankCharset(text: string): string {
  if (BANK_CHARSET.test(text)) return text;
  // Latin-1 text (names, addresses) through a table, one character at a time: NFKD per string is too slow for
  // 200,000 lines/s. Anything beyond U+00FF takes the general path.
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) return bankCharsetSlow(text);
    out += LATIN1_TO_BANK[code]!;
  }
  return out;
}

function bankCharsetSlow(text: string): string {
  return text.normalize('NFKD').replace(COMBINING, '').toUpperCase().replace(NOT_BANK_CHAR, ' ');
}

/** Each ISO-8859-1 character as the general path writes it (Ç→C, ã→A, º→O, a→A, control characters → space). */
const LATIN1_TO_BANK = Array.from({ length: 256 }, (_, code) => bankCharsetSlow(String.fromCharCode(code)));

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Dates repeat (one due date per file), so written and read forms are cached: the writer and the reader must do
 * well over 200,000 lines/s (issue 25). Bounded, and only valid dates are cached.
 */
const DATE_TYPES = ['date-ddmmyyyy', 'date-yyyymmdd', 'date-ddmmyy'] as const;
const cacheByType = () => new Map<FieldType, Map<string, string | null>>(DATE_TYPES.map((type) => [type, new Map()]));
const writtenDates = cacheByType();
const readDates = cacheByType();
function remember(cache: Map<string, string | null>, key: string, value: string | null): string | null {
  if (cache.size > 4096) cache.clear();
  cache.set(key, value);
  return value;
}

const ZEROS: string[] = [];
const SPACES: string[] = [];
const zeros = (length: number) => (ZEROS[length] ??= '0'.repeat(length));
const spaces = (length: number) => (SPACES[length] ??= ' '.repeat(length));

function formatDate(type: FieldType, value: string, field: string): string {
  const cache = writtenDates.get(type)!;
  const hit = cache.get(value);
  return hit ?? remember(cache, value, formatDateUncached(type, value, field))!;
}

function formatDateUncached(type: FieldType, value: string, field: string): string {
  const match = ISO_DATE.exec(value);
  if (!match || !isRealDate(Number(match[1]), Number(match[2]), Number(match[3]))) throw new BankFileError(m.badDate, field);
  const [, y, mo, d] = match as unknown as [string, string, string, string];
  if (type === 'date-yyyymmdd') return y + mo + d;
  if (type === 'date-ddmmyyyy') return d + mo + y;
  if (y < '2000' || y > '2099') throw new BankFileError(m.badDate, field);
  return d + mo + y.slice(2);
}

function parseDate(type: FieldType, raw: string, field: string, line?: number): string | null {
  const cache = readDates.get(type)!;
  const hit = cache.get(raw);
  return hit !== undefined ? hit : remember(cache, raw, parseDateUncached(type, raw, field, line));
}

function parseDateUncached(type: FieldType, raw: string, field: string, line?: number): string | null {
  if (/^0*$/.test(raw) || raw.trim() === '') return null;
  if (!/^\d+$/.test(raw)) throw new BankFileError(m.badDate, field, line);
  let y: string, mo: string, d: string;
  if (type === 'date-yyyymmdd') [y, mo, d] = [raw.slice(0, 4), raw.slice(4, 6), raw.slice(6, 8)];
  else if (type === 'date-ddmmyyyy') [d, mo, y] = [raw.slice(0, 2), raw.slice(2, 4), raw.slice(4, 8)];
  else [d, mo, y] = [raw.slice(0, 2), raw.slice(2, 4), `20${raw.slice(4, 6)}`];
  if (!isRealDate(Number(y), Number(mo), Number(d))) throw new BankFileError(m.badDate, field, line);
  return `${y}-${mo}-${d}`;
}

const DIGITS = /^\d*$/;

function writeField(field: FieldSpec, input: unknown): string {
  const { name, length, type } = field;
  const value = input ?? field.value;
  switch (type) {
    case 'const':
      return field.value!;
    case 'alpha': {
      if (value === undefined || value === null || value === '') return spaces(length);
      let text = toBankCharset(String(value));
      if (text.length > length) {
        if (!field.truncate) throw new BankFileError(m.tooLong(length), name);
        text = text.slice(0, length);
      }
      return text.length === length ? text : text + spaces(length - text.length);
    }
    case 'num': {
      if (value === undefined || value === null) return zeros(length);
      const text = typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : 'x') : String(value);
      if (!DIGITS.test(text)) throw new BankFileError(m.notDigits, name);
      if (text.length > length) throw new BankFileError(m.tooLong(length), name);
      return text.length === length ? text : zeros(length - text.length) + text;
    }
    case 'money': {
      if (value === undefined || value === null) return zeros(length);
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new BankFileError(m.notCents, name);
      const text = String(value);
      if (text.length > length) throw new BankFileError(m.tooLong(length), name);
      return zeros(length - text.length) + text;
    }
    default:
      if (value === undefined || value === null || value === '') return zeros(length);
      return formatDate(type, String(value), name);
  }
}

/**
 * A layout compiled once for the writer and the reader (the layouts must do well over 200,000 lines/s, issue 25):
 * runs of fillers and constants merged into one literal, the readable fields with their offsets and a numeric kind,
 * so the per-line loops do no string compares and build no intermediate pieces.
 */
interface WritePlan {
  /** Literal pieces (merged fillers and consts) and fields, in order. */
  readonly steps: readonly (string | FieldSpec)[];
}
const KIND_ALPHA = 0;
const KIND_CONST = 1;
const KIND_NUM = 2;
const KIND_MONEY = 3;
const KIND_DATE = 4;
interface ReadStep {
  readonly name: string;
  readonly type: FieldType;
  readonly kind: number;
  readonly from: number;
  readonly to: number;
}
interface Plan {
  readonly write: WritePlan;
  readonly read: readonly ReadStep[];
}
const plans = new WeakMap<Layout, Plan>();

function planOf(layout: Layout): Plan {
  const known = plans.get(layout);
  if (known) return known;
  const steps: (string | FieldSpec)[] = [];
  const read: ReadStep[] = [];
  for (const field of layout.fields) {
    const filler = field.name.charCodeAt(0) === 95; /* _ */
    if (filler || field.type === 'const') {
      const text = writeField(field, undefined);
      const last = steps.length - 1;
      if (typeof steps[last] === 'string') steps[last] += text;
      else steps.push(text);
    } else {
      steps.push(field);
    }
    if (filler) continue;
    const kind =
      field.type === 'alpha'
        ? KIND_ALPHA
        : field.type === 'const'
          ? KIND_CONST
          : field.type === 'num'
            ? KIND_NUM
            : field.type === 'money'
              ? KIND_MONEY
              : KIND_DATE;
    read.push({ name: field.name, type: field.type, kind, from: field.start - 1, to: field.start - 1 + field.length });
  }
  const plan = { write: { steps }, read };
  plans.set(layout, plan);
  return plan;
}

/**
 * One record of exactly `layout.width` characters from its values. Throws {@link BankFileError} naming the field
 * for a too-long number or text (text is cut only in `truncate` fields), a non-digit in a numeric field, a
 * non-integer or negative amount, or an invalid date.
 */
export function writeRecord<L extends Layout>(layout: L, values: RecordInput<L>): string {
  const source = values as Record<string, unknown>;
  const steps = planOf(layout).write.steps;
  // Parts joined once: a flat string, not a rope of small pieces that every kept line would drag along (GC).
  const parts = new Array<string>(steps.length);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    parts[i] = typeof step === 'string' ? step : writeField(step, source[step.name]);
  }
  return parts.join('');
}

/** Whether line[from, to) holds only the digits 0-9. */
function allDigits(line: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = line.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Whether line[from, to) holds only spaces (an empty or blank field: banks trim lines). */
function allSpaces(line: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (line.charCodeAt(i) !== 32) return false;
  return true;
}

/**
 * The typed values of one record (money in cents, dates 'YYYY-MM-DD' or null, alpha trimmed at the right, num as
 * digits). Throws {@link BankFileError} naming the line and field for a wrong-length line, a non-digit in a
 * numeric or money field (blank counts as zero: banks trim lines), or an impossible date.
 */
export function readRecord<L extends Layout>(layout: L, line: string, lineNumber?: number): RecordValues<L> {
  if (line.length !== layout.width) throw new BankFileError(m.wrongLength(line.length, layout.width), undefined, lineNumber);
  const out: Record<string, string | number | null> = {};
  const steps = planOf(layout).read;
  for (let s = 0; s < steps.length; s++) {
    const { name, kind, from, to } = steps[s]!;
    switch (kind) {
      case KIND_ALPHA:
        out[name] = line.slice(from, to).trimEnd();
        break;
      case KIND_CONST:
        out[name] = line.slice(from, to);
        break;
      case KIND_NUM:
        if (allDigits(line, from, to)) out[name] = line.slice(from, to);
        else if (allSpaces(line, from, to)) out[name] = '';
        else throw new BankFileError(m.notDigits, name, lineNumber);
        break;
      case KIND_MONEY: {
        if (!allDigits(line, from, to)) {
          if (allSpaces(line, from, to)) {
            out[name] = 0;
            break;
          }
          throw new BankFileError(m.notDigits, name, lineNumber);
        }
        let cents = 0;
        for (let i = from; i < to; i++) cents = cents * 10 + (line.charCodeAt(i) - 48);
        if (!Number.isSafeInteger(cents)) throw new BankFileError(m.notCents, name, lineNumber);
        out[name] = cents;
        break;
      }
      default:
        out[name] = parseDate(steps[s]!.type, line.slice(from, to), name, lineNumber);
    }
  }
  return out as RecordValues<L>;
}
