/**
 * pt-BR display formats shared by the API (reports, e-mails) and the web (spec 1 §5 "Formats", §9).
 * Pure functions: null, undefined or unusable input gives '' unless a function says otherwise.
 */

type Text = string | null | undefined;

/** Keeps only the digits of a text (CPF, CNPJ, CEP, phones typed with punctuation). */
export const onlyDigits = (value: string | null | undefined) => (value ?? '').replace(/\D+/g, '');

// ---------------------------------------------------------------------------------------------
// Documents, postal code, phones
// ---------------------------------------------------------------------------------------------

/** '12345678909' or '123.456.789-09' -> '123.456.789-09'; not 11 digits -> the digits unchanged. */
export function formatCpf(value: Text): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : d;
}

/** 14 digits -> '12.345.678/0001-95'; otherwise the digits unchanged. */
export function formatCnpj(value: Text): string {
  const d = onlyDigits(value);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : d;
}

/** CPF for 11 digits, CNPJ for 14, otherwise the digits unchanged. */
export function formatCpfCnpj(value: Text): string {
  return onlyDigits(value).length === 14 ? formatCnpj(value) : formatCpf(value);
}

/** '01310100' -> '01310-100'; not 8 digits -> the digits unchanged. */
export function formatCep(value: Text): string {
  const d = onlyDigits(value);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

const phoneNumber = (d: string) => (d.length === 9 ? `${d.slice(0, 5)}-${d.slice(5)}` : d.length === 8 ? `${d.slice(0, 4)}-${d.slice(4)}` : d);

/**
 * Area code plus number: ('11', '987654321') -> '(11) 98765-4321', ('11', '34567890') -> '(11) 3456-7890'.
 * Without an area code only the number shows; a 10- or 11-digit number without an area code is read as
 * area code followed by number. No number gives ''.
 */
export function formatPhone(ddd: string | number | null | undefined, number: string | number | null | undefined): string {
  let area = onlyDigits(ddd == null ? '' : String(ddd));
  let d = onlyDigits(number == null ? '' : String(number));
  if (!area && (d.length === 10 || d.length === 11)) {
    area = d.slice(0, 2);
    d = d.slice(2);
  }
  if (!d) return '';
  return area ? `(${area}) ${phoneNumber(d)}` : phoneNumber(d);
}

/** Internal member number: 7 characters shown as '123456-7'; shorter values are padded with zeros on the left. */
export function formatNumeroInterno(value: string | number | null | undefined): string {
  const raw = (value == null ? '' : String(value)).replace(/[^0-9A-Za-z]+/g, '');
  if (!raw) return '';
  const padded = raw.padStart(7, '0');
  return `${padded.slice(0, -1)}-${padded.slice(-1)}`;
}

// Money: see money/cents.ts (integer cents: toCents, formatCents, sumCents).

// ---------------------------------------------------------------------------------------------
// Dates. Plain dates ('YYYY-MM-DD') are calendar dates and never move; timestamps (a Date, or ISO
// text with Z or an offset) are shown in the association's time zone.
// ---------------------------------------------------------------------------------------------

export const APP_TIME_ZONE = 'America/Sao_Paulo';

/** The death date that means "no death date" (spec 1 §9). */
export const NO_DEATH_DATE = '1900-01-01';

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const validYmd = (year: number, month: number, day: number) =>
  year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

/** True for a real calendar date written 'YYYY-MM-DD' (so '2024-02-30' is false). */
export function isValidIsoDate(value: Text): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return m !== null && validYmd(Number(m[1]), Number(m[2]), Number(m[3]));
}

const zoneFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: APP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function zonedParts(date: Date): DateParts | null {
  if (Number.isNaN(date.getTime())) return null;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of zoneFormatter.formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** Date and time without an offset: already wall-clock time, shown as written. */
const NAIVE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
/** An instant: date, time, and Z or an offset ('+00', '-0300', '-03:00'). */
const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)$/i;

function toParts(value: string | Date | null | undefined): DateParts | null {
  if (value == null) return null;
  if (value instanceof Date) return zonedParts(value);
  if (typeof value !== 'string') return null;
  const s = value.trim();
  let m: RegExpExecArray | null;
  if ((m = PLAIN_DATE.exec(s)) || (m = NAIVE_DATE_TIME.exec(s))) {
    const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (!validYmd(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
    return { year, month, day, hour, minute, second };
  }
  if ((m = BR_DATE.exec(s))) {
    const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validYmd(year, month, day) ? { year, month, day, hour: 0, minute: 0, second: 0 } : null;
  }
  if ((m = INSTANT.exec(s))) {
    const zone = m[3]!.toUpperCase();
    const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
    const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
    if (!validYmd(y, mo, d)) return null;
    return zonedParts(new Date(`${m[1]}T${m[2]}${offset}`));
  }
  return null;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const dmy = (p: DateParts) => `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`;
const hm = (p: DateParts) => `${pad(p.hour)}:${pad(p.minute)}`;

/** 'DD/MM/YYYY'. A plain 'YYYY-MM-DD' keeps its calendar day; instants are shown in São Paulo time. */
export function formatDate(value: string | Date | null | undefined): string {
  const p = toParts(value);
  return p ? dmy(p) : '';
}

/** 'DD/MM/YYYY HH:mm:ss' in São Paulo time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const p = toParts(value);
  return p ? `${dmy(p)} ${hm(p)}:${pad(p.second)}` : '';
}

/** 'DD/MM/YYYY HH:mm' in São Paulo time. */
export function formatDateTimeShort(value: string | Date | null | undefined): string {
  const p = toParts(value);
  return p ? `${dmy(p)} ${hm(p)}` : '';
}

/** '31/12/2024' -> '2024-12-31'; anything else, including impossible dates such as 31/02/2024, -> null. */
export function parseDateBr(value: Text): string | null {
  const m = BR_DATE.exec((value ?? '').trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validYmd(year, month, day) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** The São Paulo calendar date of an instant, as 'YYYY-MM-DD' (today by default). */
export function isoDateInAppZone(date: Date = new Date()): string {
  const p = zonedParts(date);
  return p ? `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}` : '';
}

/**
 * Whole years from a birth date to today (São Paulo calendar); the birthday itself counts.
 * Invalid or future birth dates give null.
 */
export function ageFrom(birthIsoDate: string | null | undefined, today: Date = new Date()): number | null {
  const birth = toParts(birthIsoDate);
  const now = zonedParts(today);
  if (!birth || !now) return null;
  let age = now.year - birth.year;
  if (now.month < birth.month || (now.month === birth.month && now.day < birth.day)) age -= 1;
  return age >= 0 ? age : null;
}

/**
 * False for null, '', an unreadable date and 1900-01-01 (spec 1 §9: that date means no death date).
 * Text is read by its calendar date, so '1900-01-01T00:00:00Z' also means none.
 */
export function hasDeathDate(value: string | Date | null | undefined): boolean {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return false;
    return value.toISOString().slice(0, 10) !== NO_DEATH_DATE && isoDateInAppZone(value) !== NO_DEATH_DATE;
  }
  const s = (value ?? '').trim();
  const iso = /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : parseDateBr(s);
  return iso !== null && isValidIsoDate(iso) && iso !== NO_DEATH_DATE;
}

// ---------------------------------------------------------------------------------------------
// Other labels
// ---------------------------------------------------------------------------------------------

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** 0 -> '0 Bytes', 1536 -> '1,5 KB': steps of 1024 up to YB, at most two decimals, pt-BR comma. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  let unit = bytes >= 1 ? Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1) : 0;
  let shown = Math.round((bytes / 1024 ** unit) * 100) / 100;
  if (shown >= 1024 && unit < SIZE_UNITS.length - 1) {
    unit += 1;
    shown = Math.round((bytes / 1024 ** unit) * 100) / 100;
  }
  return `${String(shown).replace('.', ',')} ${SIZE_UNITS[unit]}`;
}

/** Toggle label: 'SIM' or 'NÃO' (numbers: non-zero is SIM). */
export function toggleLabel(value: boolean | number | null | undefined): 'SIM' | 'NÃO' {
  return value ? 'SIM' : 'NÃO';
}

/** Magistrate profile codes (spec 1 §3). */
export const MAGISTRATE_STATUSES = ['M', 'N', 'H', 'J'] as const;
export type MagistrateStatus = (typeof MAGISTRATE_STATUSES)[number];

/** True for the magistrate profile codes M, N, H and J. */
export function isMagistrateStatus(status: string | null | undefined): status is MagistrateStatus {
  return (MAGISTRATE_STATUSES as readonly string[]).includes(status ?? '');
}

/** Member situation codes (spec 1 §3): 1 active, 2 retired, 5 deceased. */
export const situacaoLabels: Readonly<Record<number, string>> = { 1: 'Ativo', 2: 'Aposentado', 5: 'Falecido' };

/** 1 'Ativo', 2 'Aposentado', 5 'Falecido'; other values ''. */
export function situacaoLabel(situacao: number | string | null | undefined): string {
  return situacao == null || situacao === '' ? '' : (situacaoLabels[Number(situacao)] ?? '');
}

/** An active magistrate: status M, N, H or J with situation 1 (Localização tab, forum address). */
export function isActiveMagistrate(status: string | null | undefined, situacao: number | string | null | undefined): boolean {
  return isMagistrateStatus(status) && Number(situacao) === 1;
}
