import { formatPhone, isoDateInAppZone, NO_DEATH_DATE, onlyDigits } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import type { PeopleIndexFeed } from './people-index.feed.js';
import type { SearchRepository, SuggestionRow } from './search.repository.js';
import { searchMessages, type PersonSuggestion, type SearchHistoryItem } from '@assoc/domain';

export const HISTORY_SIZE = 20;

/** Same folding as the database's search_name (f_unaccent(lower(name))) for the Latin names we hold. */
export function foldName(text: string) {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[æ]/g, 'ae')
    .replace(/[œ]/g, 'oe')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd');
}

/** The first string after every string starting with `prefix` in byte order (text_pattern_ops). */
export function prefixUpperBound(prefix: string) {
  const chars = Array.from(prefix);
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/** A text made of digits and the punctuation of CPF/CNPJ/internal numbers is searched as a number. */
const NUMERIC_QUERY = /^[\d\s.\-/]+$/;

/** Whole years from one ISO date to another (the birthday itself counts); null without a birth date. */
export function ageOn(birth: string | null, on: string): number | null {
  if (!birth) return null;
  // 'YYYY-MM-DD': the year, then month and day compared as text.
  const age = Number(on.slice(0, 4)) - Number(birth.slice(0, 4)) - (on.slice(5) < birth.slice(5) ? 1 : 0);
  return age >= 0 ? age : null;
}

/** A suggestion from its row; `today` is the São Paulo date (ages are at death for the deceased). */
export function toSuggestion(row: SuggestionRow, today = isoDateInAppZone()): PersonSuggestion {
  const phones: string[] = [];
  let custCelular = formatPhone(row.celDdd, row.cel);
  for (const [ddd, phone] of [
    [row.ph1Ddd, row.ph1],
    [row.ph2Ddd, row.ph2],
  ] as const) {
    const number = onlyDigits(phone);
    if (!number) continue;
    // A third party's numbers are not labelled: a 9-digit one starting with 9 is their mobile.
    if (row.isTerceiro && !custCelular && number.length === 9 && number.startsWith('9')) {
      custCelular = formatPhone(ddd, number);
      continue;
    }
    phones.push(formatPhone(ddd, number));
  }
  return {
    cstId: row.cstId,
    parentId: row.parentId,
    custName: row.custName,
    custNumeroInterno: row.custNumeroInterno ?? '',
    custCPF: row.custCPF ?? '',
    custAniversario: row.birth,
    custFalecimento: row.deceased ?? NO_DEATH_DATE,
    custAge: ageOn(row.birth, row.deceased ?? today),
    custSituacao: row.custSituacao,
    custPerfil: row.custPerfil ?? '',
    custPhotoKey: row.custPhotoKey,
    socio: row.socio === 'S' ? 'S' : 'N',
    titular: row.titular ?? '',
    isTerceiro: row.isTerceiro,
    custCelular,
    custPhones: phones,
  };
}

/** Today's São Paulo date, worked out at most once a second (a time-zone conversion, on every keystroke). */
let today = { second: -1, date: '' };
const todayInAppZone = () => {
  const second = Math.floor(Date.now() / 1000);
  if (second !== today.second) today = { second, date: isoDateInAppZone() };
  return today.date;
};

const toSuggestions = (rows: SuggestionRow[]) => {
  const date = todayInAppZone();
  return rows.map((row) => toSuggestion(row, date));
};

/** Padded bounds of every fixed-length digit string starting with `digits`, or null when too long. */
function digitRange(digits: string, length: number): [string, string] | null {
  if (digits.length > length) return null;
  return [digits.padEnd(length, '0'), digits.padEnd(length, '9')];
}

/**
 * `feed` (optional) is the in-process index: a search it can answer (it has applied `peopleVersion`,
 * the version read with the request's session) costs no query; otherwise SQL answers, identically.
 */
export function createSearchService({ db, repo, feed }: { db: Db; repo: SearchRepository; feed?: PeopleIndexFeed }) {
  const fromIndex = (peopleVersion: number) => (feed && peopleVersion >= 0 && feed.isCurrent(peopleVersion) ? feed.index : null);
  return {
    /**
     * The top-bar search (spec 1 §2, §9): holders, dependents and third parties by any part of the
     * name (accents and case ignored, every word must appear), by CPF/CNPJ with or without punctuation
     * (prefix) and by internal number (exact or prefix). Names starting with the query come first,
     * then the rest, alphabetically (pt-BR). At most 30.
     */
    async search(text: string, peopleVersion = -1): Promise<PersonSuggestion[]> {
      const index = fromIndex(peopleVersion);
      const query = text.trim();
      const digits = onlyDigits(query);
      if (NUMERIC_QUERY.test(query) && digits) {
        const params = { digits, numero: digitRange(digits, 7), cpf: digitRange(digits, 11), document: digitRange(digits, 14) };
        return toSuggestions(index ? index.searchDigits(params) : await repo.searchDigits(db, params));
      }
      const words = [...new Set(foldName(query).split(/\s+/).filter(Boolean))];
      if (!words.length) return [];
      if (index) return toSuggestions(index.searchNames(words));
      const first = words[0]!;
      const rows = await repo.searchNames(db, {
        lower: first,
        upper: prefixUpperBound(first),
        patterns: words.map((w) => `%${escapeLike(w)}%`),
      });
      return toSuggestions(rows);
    },

    /** The user's recently opened people, newest first (dashboard "Histórico de visualizações"). */
    async history(userId: number): Promise<SearchHistoryItem[]> {
      const rows = await repo.history(db, userId, HISTORY_SIZE);
      const today = isoDateInAppZone();
      return rows.map((row) => ({ ...toSuggestion(row, today), viewedAt: row.viewedAt!.toISOString() }));
    },

    /** Records that the user opened a member and returns the updated history. */
    async recordView(userId: number, cstId: number): Promise<SearchHistoryItem[]> {
      if (!(await repo.recordView(db, userId, cstId))) throw notFound(searchMessages.memberNotFound);
      return this.history(userId);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
