import { getTableColumns } from 'drizzle-orm';
import {
  addressKeys,
  auditRowPath,
  childRowId,
  addressKinds,
  memberChildListKeys,
  memberSections,
  type AddressKey,
  type MemberRecord,
  type MemberSection,
} from '@assoc/domain';
import { customers } from '../../db/schema/index.js';
import type { AddressRow, AddressWrite, CustomerRow, CustomerWrite } from './members.repository.js';

/**
 * The mapping between the member of spec 1 §3 (MemberRecord: nested addresses and bank account, child lists)
 * and the customers / addresses rows, plus the comparisons the save needs (which fields a body changes).
 */

const columns = getTableColumns(customers);
const textColumn = (key: string) => {
  const type = (columns as Record<string, { columnType: string }>)[key]?.columnType;
  return type === 'PgVarchar' || type === 'PgChar' || type === 'PgText';
};

/** The member fields stored as customers columns of the same name (the bank account and addresses are nested). */
const NESTED = new Set<string>(['bankAccount', ...addressKeys, 'custPhoto']);
export const scalarFields: string[] = (memberSections as readonly MemberSection[])
  .flatMap((s) => s.fields as readonly string[])
  .filter((f) => !NESTED.has(f) && f in columns);

const BANK_FIELDS = ['bnkId', 'bnkaccBranch', 'bnkaccBranchDigit', 'bnkaccAccount', 'bnkaccAccountDigit'] as const;
const ADDRESS_FIELDS = [
  'adZipcode',
  'adAddress',
  'adNumber',
  'adComplement',
  'adBairro',
  'adCity',
  'adState',
  'adPhoneDdd',
  'adPhone',
  'adPhoneDdd2',
  'adPhone2',
] as const;

export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string> & { adAddNewCEP: 0 | 1 };

export function addressFromRow(row: AddressRow | undefined): AddressValues {
  const out = { adAddNewCEP: (row?.adAddNewCEP === 1 ? 1 : 0) as 0 | 1 } as AddressValues;
  for (const key of ADDRESS_FIELDS) out[key] = row?.[key] ?? '';
  return out;
}

const age = (birth: string | null): number | null => {
  if (!birth) return null;
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const now = new Date();
  let years = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) years--;
  return years;
};

/** The whole member as stored (every section; the reply filters it by the user's roles). */
export function recordFromRows(row: CustomerRow, addressRows: AddressRow[], bankName: string | null): MemberRecord {
  const record: Record<string, unknown> = {};
  for (const key of scalarFields) {
    const value = (row as Record<string, unknown>)[key];
    record[key] = value === null && textColumn(key) ? '' : value;
  }
  record.bankAccount = {
    bnkId: row.bnkId,
    bankName,
    bnkaccBranch: row.bnkaccBranch ?? '',
    bnkaccBranchDigit: row.bnkaccBranchDigit ?? '',
    bnkaccAccount: row.bnkaccAccount ?? '',
    bnkaccAccountDigit: row.bnkaccAccountDigit ?? '',
  };
  for (const key of addressKeys) record[key] = addressFromRow(addressRows.find((a) => a.kind === addressKinds[key]));
  return {
    ...(record as Partial<MemberRecord>),
    cstId: row.cstId,
    parentId: row.parentId,
    custPhotoKey: row.custPhotoKey,
    custTitular: row.parentId === null,
    idade: age(row.custBirthdate),
    custCoordenadorTitular: row.custCoordenadorTitular,
    custCoordenadorAdjunto: row.custCoordenadorAdjunto,
    extratoDatas: [],
    irDatas: [],
    version: row.version,
  } as MemberRecord;
}

const emptyToNull = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v === undefined ? null : v);

/** The customers columns of a (merged, validated) member: '' is stored as null. */
export function customerValues(member: Record<string, unknown>): CustomerWrite {
  const out: Record<string, unknown> = {};
  for (const key of scalarFields) {
    if (key === 'custNumeroInterno' || key === 'custPhotoKey' || key === 'custCoordenadorTitular' || key === 'custCoordenadorAdjunto') continue;
    if (member[key] !== undefined) out[key] = emptyToNull(member[key]);
  }
  const bank = member.bankAccount as Record<string, unknown> | undefined;
  if (bank) for (const key of BANK_FIELDS) out[key] = key === 'bnkId' ? (bank[key] ?? null) : emptyToNull(bank[key]);
  if (typeof out.bnkaccBranchDigit === 'string') out.bnkaccBranchDigit = out.bnkaccBranchDigit.toUpperCase();
  if (typeof out.bnkaccAccountDigit === 'string') out.bnkaccAccountDigit = out.bnkaccAccountDigit.toUpperCase();
  return out as CustomerWrite;
}

/** An address's columns, or null when it holds nothing (the row is removed). */
export function addressValues(address: Record<string, unknown>): AddressWrite | null {
  const out: Record<string, unknown> = {};
  let any = false;
  for (const key of ADDRESS_FIELDS) {
    out[key] = emptyToNull(address[key]);
    if (out[key] !== null) any = true;
  }
  out.adAddNewCEP = address.adAddNewCEP === 1 ? 1 : 0;
  return any ? (out as AddressWrite) : null;
}

/** Comparable form of a value: trimmed text, '' and undefined as null, upper-case check digits. */
function norm(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value;
}

/**
 * The field paths a body changes against the stored member: top-level fields, and `key.sub` inside the bank
 * account and addresses. Only keys present in the body count (an absent key keeps the stored value).
 */
export function changedPaths(stored: Record<string, unknown>, body: Record<string, unknown>, skip: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || skip.has(key)) continue;
    if (key === 'bankAccount' || (addressKeys as string[]).includes(key)) {
      const before = (stored[key] ?? {}) as Record<string, unknown>;
      for (const [sub, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
        if (v === undefined || sub === 'bankName') continue;
        let a = norm(before[sub]);
        let b = norm(v);
        if (sub === 'bnkaccBranchDigit' || sub === 'bnkaccAccountDigit') {
          a = typeof a === 'string' ? a.toUpperCase() : a;
          b = typeof b === 'string' ? b.toUpperCase() : b;
        }
        if (sub === 'adAddNewCEP') {
          a = a ?? 0;
          b = b ?? 0;
        }
        if (a !== b) out.push(`${key}.${sub}`);
      }
      continue;
    }
    if (norm(stored[key]) !== norm(value)) out.push(key);
  }
  return out;
}

/** Fields of a child row that are not part of its data (its marker, its optimistic-lock counter). */
const ROW_SKIP = new Set(['operation', 'version']);
const CHILD_KEYS = new Set<string>(memberChildListKeys);

const same = (a: unknown, b: unknown) =>
  a !== null && typeof a === 'object' ? JSON.stringify(a) === JSON.stringify(b ?? null) : norm(a) === norm(b);

/**
 * The paths of one child list's changes (audit-paths.ts): `<list>` when anything changed, `<list>.<id>` per inserted,
 * deleted or changed row (rows matched by their id), `<list>.<id>.<field>` per changed field, nested lists alike.
 */
function diffRows(prefix: string, list: string, before: unknown, after: unknown, out: string[]) {
  const byId = (rows: unknown) =>
    new Map((Array.isArray(rows) ? rows : []).map((row: unknown, i) => [childRowId(list, row, i), (row ?? {}) as Record<string, unknown>]));
  const was = byId(before);
  const now = byId(after);
  const at = out.length;
  const base = `${prefix}${list}`;
  for (const [id, row] of now) {
    const old = was.get(id);
    const path = auditRowPath(base, id);
    if (!old) {
      out.push(path);
      continue;
    }
    const fields: string[] = [];
    for (const key of new Set([...Object.keys(old), ...Object.keys(row)])) {
      if (ROW_SKIP.has(key)) continue;
      if (CHILD_KEYS.has(key) && (Array.isArray(old[key]) || Array.isArray(row[key]))) diffRows(`${path}.`, key, old[key], row[key], fields);
      else if (!same(old[key], row[key])) fields.push(`${path}.${key}`);
    }
    if (fields.length) out.push(path, ...fields);
  }
  for (const id of was.keys()) if (!now.has(id)) out.push(auditRowPath(base, id));
  if (out.length > at) out.splice(at, 0, base);
}

/**
 * The changed paths between two stored members (audit fieldDiffs): fields, `key.sub` inside the bank account and
 * addresses, and the child lists' row paths (diffRows). Run when an audit version is read, never by the save.
 */
export function diffRecords(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  const skip = new Set(['version', 'idade', 'extratoDatas', 'irDatas', 'fieldDiffs', 'falecidos']);
  const out = before
    ? changedPaths(before, after, new Set([...skip, ...memberChildListKeys]))
    : Object.keys(after).filter((k) => !skip.has(k) && !CHILD_KEYS.has(k) && norm(after[k]) !== null);
  for (const key of memberChildListKeys) if (key in after || (before && key in before)) diffRows('', key, before?.[key], after[key], out);
  // Objects compared in both directions (a key only in `before`).
  if (before)
    for (const key of Object.keys(before)) if (!(key in after) && !skip.has(key) && !CHILD_KEYS.has(key) && norm(before[key]) !== null) out.push(key);
  return [...new Set(out)];
}

export const addressKindOf = (key: AddressKey) => addressKinds[key];
