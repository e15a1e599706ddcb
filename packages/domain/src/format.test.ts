import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ageFrom,
  formatCep,
  formatCnpj,
  formatCpf,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatFileSize,
  formatNumeroInterno,
  formatPhone,
  hasDeathDate,
  isActiveMagistrate,
  isMagistrateStatus,
  isoDateInAppZone,
  isValidIsoDate,
  NO_DEATH_DATE,
  onlyDigits,
  parseDateBr,
  situacaoLabel,
  toggleLabel,
} from './format.js';

describe('onlyDigits', () => {
  it('keeps digits only', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits(null)).toBe('');
    expect(onlyDigits(undefined)).toBe('');
  });
});

describe('formatCpf / formatCnpj / formatCpfCnpj', () => {
  it('formats 11 digits, with or without punctuation', () => {
    expect(formatCpf('12345678909')).toBe('123.456.789-09');
    expect(formatCpf('123.456.789-09')).toBe('123.456.789-09');
    expect(formatCpf(' 123 456 789 09 ')).toBe('123.456.789-09');
  });
  it('returns the digits unchanged when not 11 digits, and "" for nothing', () => {
    expect(formatCpf('1234-5')).toBe('12345');
    expect(formatCpf('123456789012')).toBe('123456789012');
    expect(formatCpf(null)).toBe('');
    expect(formatCpf(undefined)).toBe('');
    expect(formatCpf('')).toBe('');
  });
  it('formats a CNPJ', () => {
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCnpj('12.345.678/0001-95')).toBe('12.345.678/0001-95');
    expect(formatCnpj('123')).toBe('123');
    expect(formatCnpj(null)).toBe('');
  });
  it('picks CPF or CNPJ by digit count', () => {
    expect(formatCpfCnpj('12345678909')).toBe('123.456.789-09');
    expect(formatCpfCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCpfCnpj('12345')).toBe('12345');
    expect(formatCpfCnpj(undefined)).toBe('');
  });
});

describe('formatCep', () => {
  it('formats 8 digits', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
  });
  it('leaves other lengths as digits', () => {
    expect(formatCep('0131')).toBe('0131');
    expect(formatCep(null)).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats mobile (9) and landline (8) numbers with area code', () => {
    expect(formatPhone('11', '987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('11', '34567890')).toBe('(11) 3456-7890');
    expect(formatPhone(11, 34567890)).toBe('(11) 3456-7890');
    expect(formatPhone('(11)', '98765-4321')).toBe('(11) 98765-4321');
  });
  it('omits the parentheses part without an area code', () => {
    expect(formatPhone(null, '987654321')).toBe('98765-4321');
    expect(formatPhone('', '34567890')).toBe('3456-7890');
    expect(formatPhone(undefined, '34567890')).toBe('3456-7890');
  });
  it('splits a full number given without area code', () => {
    expect(formatPhone(null, '11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone(null, '1134567890')).toBe('(11) 3456-7890');
  });
  it('gives "" without a number and digits for odd lengths', () => {
    expect(formatPhone('11', '')).toBe('');
    expect(formatPhone(null, null)).toBe('');
    expect(formatPhone('11', '12345')).toBe('(11) 12345');
  });
});

describe('formatNumeroInterno', () => {
  it('shows 7 characters as 6 digits, dash, 1 digit', () => {
    expect(formatNumeroInterno('1234567')).toBe('123456-7');
    expect(formatNumeroInterno(1234567)).toBe('123456-7');
  });
  it('pads shorter values with zeros on the left', () => {
    expect(formatNumeroInterno('123')).toBe('000012-3');
    expect(formatNumeroInterno(5)).toBe('000000-5');
  });
  it('gives "" for empty values', () => {
    expect(formatNumeroInterno('')).toBe('');
    expect(formatNumeroInterno('  ')).toBe('');
    expect(formatNumeroInterno(null)).toBe('');
    expect(formatNumeroInterno(undefined)).toBe('');
  });
  it('does not double the dash of an already formatted value', () => {
    expect(formatNumeroInterno('123456-7')).toBe('123456-7');
  });
});

/** The process environment, reached without Node types (the domain package does not depend on Node). */
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;

describe('dates', () => {
  const originalTz = env.TZ;
  // Run with a process time zone far from São Paulo so that any reliance on local time shows.
  beforeEach(() => {
    env.TZ = 'America/Los_Angeles';
  });
  afterEach(() => {
    if (originalTz === undefined) delete env.TZ;
    else env.TZ = originalTz;
  });

  describe('isValidIsoDate', () => {
    it('accepts real calendar dates only', () => {
      expect(isValidIsoDate('2024-02-29')).toBe(true);
      expect(isValidIsoDate('2023-02-29')).toBe(false);
      expect(isValidIsoDate('2024-04-31')).toBe(false);
      expect(isValidIsoDate('2024-13-01')).toBe(false);
      expect(isValidIsoDate('2024-00-10')).toBe(false);
      expect(isValidIsoDate('2024-1-1')).toBe(false);
      expect(isValidIsoDate('2024-01-01T00:00:00Z')).toBe(false);
      expect(isValidIsoDate('')).toBe(false);
      expect(isValidIsoDate(null)).toBe(false);
    });
  });

  describe('formatDate', () => {
    it('keeps the calendar day of a plain date whatever the process time zone', () => {
      expect(formatDate('2024-01-01')).toBe('01/01/2024');
      expect(formatDate('2024-12-31')).toBe('31/12/2024');
      expect(formatDate('1900-01-01')).toBe('01/01/1900');
      env.TZ = 'Asia/Tokyo';
      expect(formatDate('2024-01-01')).toBe('01/01/2024');
      env.TZ = 'UTC';
      expect(formatDate('2024-01-01')).toBe('01/01/2024');
    });
    it('shows instants in São Paulo time', () => {
      // 02:30 UTC is still the previous evening in São Paulo (UTC-3).
      expect(formatDate('2024-01-01T02:30:00Z')).toBe('31/12/2023');
      expect(formatDate('2024-01-01T03:00:00Z')).toBe('01/01/2024');
      expect(formatDate(new Date('2024-01-01T02:30:00Z'))).toBe('31/12/2023');
      expect(formatDate('2024-01-01T02:30:00.123+00:00')).toBe('31/12/2023');
      expect(formatDate('2024-01-01 02:30:00+00')).toBe('31/12/2023');
      expect(formatDate('2024-01-01T09:00:00+0900')).toBe('31/12/2023');
    });
    it('shows date-times without an offset as written', () => {
      expect(formatDate('2024-01-01T00:30:00')).toBe('01/01/2024');
      expect(formatDate('2024-01-01 23:59')).toBe('01/01/2024');
    });
    it('accepts DD/MM/YYYY text', () => {
      expect(formatDate('05/03/2024')).toBe('05/03/2024');
    });
    it('gives "" for missing or invalid dates', () => {
      expect(formatDate(null)).toBe('');
      expect(formatDate(undefined)).toBe('');
      expect(formatDate('')).toBe('');
      expect(formatDate('2024-02-30')).toBe('');
      expect(formatDate('31/02/2024')).toBe('');
      expect(formatDate('not a date')).toBe('');
      expect(formatDate(new Date('invalid'))).toBe('');
      expect(formatDate('2024-01-01T25:00:00Z')).toBe('');
    });
  });

  describe('formatDateTime / formatDateTimeShort', () => {
    it('formats instants in São Paulo time', () => {
      expect(formatDateTime('2024-03-15T13:05:09Z')).toBe('15/03/2024 10:05:09');
      expect(formatDateTimeShort('2024-03-15T13:05:09Z')).toBe('15/03/2024 10:05');
      expect(formatDateTime(new Date('2024-03-15T13:05:09.999Z'))).toBe('15/03/2024 10:05:09');
      expect(formatDateTime('2024-01-01T02:30:00Z')).toBe('31/12/2023 23:30:00');
    });
    it('uses 00 for midnight, not 24', () => {
      expect(formatDateTime('2024-03-15T03:00:00Z')).toBe('15/03/2024 00:00:00');
    });
    it('follows historical daylight saving time through Intl', () => {
      // São Paulo was on UTC-2 in December 2018.
      expect(formatDateTime('2018-12-01T12:00:00Z')).toBe('01/12/2018 10:00:00');
    });
    it('treats a plain date as midnight and a naive date-time as written', () => {
      expect(formatDateTime('2024-03-15')).toBe('15/03/2024 00:00:00');
      expect(formatDateTimeShort('2024-03-15T08:07')).toBe('15/03/2024 08:07');
      expect(formatDateTime('2024-03-15 08:07:06.5')).toBe('15/03/2024 08:07:06');
    });
    it('gives "" for missing or invalid values', () => {
      expect(formatDateTime(null)).toBe('');
      expect(formatDateTimeShort(undefined)).toBe('');
      expect(formatDateTime('2024-03-15T24:00:00')).toBe('');
      expect(formatDateTimeShort(new Date(Number.NaN))).toBe('');
    });
  });

  describe('parseDateBr', () => {
    it('turns DD/MM/YYYY into ISO', () => {
      expect(parseDateBr('31/12/2024')).toBe('2024-12-31');
      expect(parseDateBr('29/02/2024')).toBe('2024-02-29');
      expect(parseDateBr(' 01/01/1900 ')).toBe('1900-01-01');
    });
    it('refuses impossible or malformed dates', () => {
      expect(parseDateBr('31/02/2024')).toBeNull();
      expect(parseDateBr('29/02/2023')).toBeNull();
      expect(parseDateBr('00/01/2024')).toBeNull();
      expect(parseDateBr('01/13/2024')).toBeNull();
      expect(parseDateBr('1/1/2024')).toBeNull();
      expect(parseDateBr('2024-12-31')).toBeNull();
      expect(parseDateBr('')).toBeNull();
      expect(parseDateBr(null)).toBeNull();
    });
  });

  describe('isoDateInAppZone', () => {
    it('gives the São Paulo calendar date of an instant', () => {
      expect(isoDateInAppZone(new Date('2024-01-01T02:30:00Z'))).toBe('2023-12-31');
      expect(isoDateInAppZone(new Date('2024-01-01T03:00:00Z'))).toBe('2024-01-01');
    });
  });

  describe('ageFrom', () => {
    const today = new Date('2024-06-15T15:00:00Z');
    it('counts whole years, the birthday itself included', () => {
      expect(ageFrom('2000-06-15', today)).toBe(24);
      expect(ageFrom('2000-06-16', today)).toBe(23);
      expect(ageFrom('2000-06-14', today)).toBe(24);
      expect(ageFrom('2000-12-31', today)).toBe(23);
      expect(ageFrom('2024-06-15', today)).toBe(0);
    });
    it('uses the São Paulo calendar day for "today"', () => {
      // 01:00 UTC on the 16th is still the 15th in São Paulo.
      expect(ageFrom('2000-06-16', new Date('2024-06-16T01:00:00Z'))).toBe(23);
      expect(ageFrom('2000-06-16', new Date('2024-06-16T03:00:00Z'))).toBe(24);
    });
    it('handles 29 February birthdays', () => {
      expect(ageFrom('2000-02-29', new Date('2023-02-28T15:00:00Z'))).toBe(22);
      expect(ageFrom('2000-02-29', new Date('2023-03-01T15:00:00Z'))).toBe(23);
      expect(ageFrom('2000-02-29', new Date('2024-02-29T15:00:00Z'))).toBe(24);
    });
    it('defaults today to now', () => {
      const tenYearsAgo = `${Number(isoDateInAppZone().slice(0, 4)) - 10}-01-01`;
      expect(ageFrom(tenYearsAgo)).toBeGreaterThanOrEqual(9);
      expect(ageFrom(tenYearsAgo)).toBeLessThanOrEqual(10);
    });
    it('gives null for invalid or future birth dates', () => {
      expect(ageFrom('2024-02-30', today)).toBeNull();
      expect(ageFrom('', today)).toBeNull();
      expect(ageFrom(null, today)).toBeNull();
      expect(ageFrom('2025-01-01', today)).toBeNull();
    });
  });

  describe('hasDeathDate', () => {
    it('treats 1900-01-01 as no death date', () => {
      expect(NO_DEATH_DATE).toBe('1900-01-01');
      expect(hasDeathDate('1900-01-01')).toBe(false);
      expect(hasDeathDate('1900-01-01T00:00:00Z')).toBe(false);
      expect(hasDeathDate('1900-01-01T00:00:00.000Z')).toBe(false);
      expect(hasDeathDate('01/01/1900')).toBe(false);
      expect(hasDeathDate(new Date('1900-01-01T00:00:00Z'))).toBe(false);
    });
    it('is false for empty and invalid values', () => {
      expect(hasDeathDate(null)).toBe(false);
      expect(hasDeathDate(undefined)).toBe(false);
      expect(hasDeathDate('')).toBe(false);
      expect(hasDeathDate('2024-02-30')).toBe(false);
      expect(hasDeathDate('garbage')).toBe(false);
      expect(hasDeathDate(new Date(Number.NaN))).toBe(false);
    });
    it('is true for a real date', () => {
      expect(hasDeathDate('2020-05-10')).toBe(true);
      expect(hasDeathDate('10/05/2020')).toBe(true);
      expect(hasDeathDate('2020-05-10T12:00:00Z')).toBe(true);
      expect(hasDeathDate(new Date('2020-05-10T12:00:00Z'))).toBe(true);
    });
  });
});

describe('formatFileSize', () => {
  it('uses Bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
  });
  it('steps by 1024 with a pt-BR comma and at most two decimals', () => {
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(1234)).toBe('1,21 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5,25 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1 EB');
    expect(formatFileSize(1024 ** 7)).toBe('1 ZB');
    expect(formatFileSize(1024 ** 8)).toBe('1 YB');
  });
  it('trims trailing zeros', () => {
    expect(formatFileSize(2.1 * 1024)).toBe('2,1 KB');
    expect(formatFileSize(2 * 1024)).toBe('2 KB');
  });
  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });
  it('stays in YB above it', () => {
    expect(formatFileSize(2048 * 1024 ** 8)).toBe('2048 YB');
  });
  it('gives "" for invalid input', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize(undefined)).toBe('');
  });
});

describe('labels', () => {
  it('toggleLabel', () => {
    expect(toggleLabel(true)).toBe('SIM');
    expect(toggleLabel(false)).toBe('NÃO');
    expect(toggleLabel(1)).toBe('SIM');
    expect(toggleLabel(0)).toBe('NÃO');
    expect(toggleLabel(null)).toBe('NÃO');
  });
  it('isMagistrateStatus is true for M, N, H and J only', () => {
    for (const s of ['M', 'N', 'H', 'J']) expect(isMagistrateStatus(s)).toBe(true);
    for (const s of ['V', 'A', 'm', '', 'MN']) expect(isMagistrateStatus(s)).toBe(false);
    expect(isMagistrateStatus(null)).toBe(false);
    expect(isMagistrateStatus(undefined)).toBe(false);
  });
  it('isActiveMagistrate also needs situation 1', () => {
    expect(isActiveMagistrate('M', 1)).toBe(true);
    expect(isActiveMagistrate('J', '1')).toBe(true);
    expect(isActiveMagistrate('M', 2)).toBe(false);
    expect(isActiveMagistrate('V', 1)).toBe(false);
  });
  it('situacaoLabel', () => {
    expect(situacaoLabel(1)).toBe('Ativo');
    expect(situacaoLabel('2')).toBe('Aposentado');
    expect(situacaoLabel(5)).toBe('Falecido');
    expect(situacaoLabel(3)).toBe('');
    expect(situacaoLabel(null)).toBe('');
    expect(situacaoLabel('')).toBe('');
  });
});
