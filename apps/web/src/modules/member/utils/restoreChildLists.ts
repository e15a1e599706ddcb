import { canEditSection, memberChildListKeys, sectionOfChildList } from '@assoc/domain';

/**
 * "Restaurar esta versão" for the child lists (issue 13): each restorable list (childRowKeys) the user may edit is
 * brought back by operation markers against the rows the form holds now, since the save writes child rows by
 * marker, not by snapshot:
 * - a row of the version absent now (deleted since) comes back as a new row (insert, without its old id);
 * - a row present in both with other values takes the version's values (update), keeping the current row's
 *   `version` (decision 5 is checked on the member);
 * - a row present now but not in the version is marked delete, with its nested rows (rows not saved yet are
 *   simply dropped);
 * - rows nested in a row (a dependent's services) are restored the same way, and their parent row is marked
 *   update when only they changed.
 * Pure: the values given are not changed.
 */

/**
 * The lists restored, by the key that identifies a row (spec 1 §3, spec 2 §3), also for the lists nested in a row.
 * Left as they are now: `cobrancas` (money records are never deleted, decision 6: a charge is settled or reversed),
 * `documentos` (a document row is inserted by attaching a new upload, so one deleted since cannot come back by a
 * marker) and lists without a row key (portalAcesso, one row of settings).
 */
export const childRowKeys: Readonly<Record<string, string>> = {
  parentFilhos: 'cstId',
  usuarioServicos: 'cslId',
  atendimentos: 'atdId',
  ressarcimentos: 'resId',
};

type Row = Record<string, unknown>;
const META = new Set(['operation', 'version', 'fieldDiffs']);
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const isList = (key: string, value: unknown): value is unknown[] => key in childRowKeys && Array.isArray(value);
/** Comparable form of a value: '' and undefined as null, objects and arrays by their JSON. */
const norm = (value: unknown) =>
  value === undefined || value === '' ? null : typeof value === 'object' && value !== null ? JSON.stringify(value) : value;

let nextNewId = -1_000_000;
/** A new row's id: negative, as the tabs give unsaved rows, and unique in the form. */
const newId = () => nextNewId--;

/** The row as a new one: no stored id nor version, its nested rows new too. */
function asInsert(row: Row, idKey: string): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'version' || key === 'fieldDiffs') continue;
    out[key] = isList(key, value) ? value.filter(isRow).map((item) => asInsert(item, childRowKeys[key]!)) : value;
  }
  out[idKey] = newId();
  out.operation = 'insert';
  return out;
}

/** The row marked delete, with its nested rows (the version held none of them): saved ones marked delete, new ones dropped. */
function asDelete(row: Row): Row {
  const out: Row = { ...row, operation: 'delete' };
  for (const [key, value] of Object.entries(row))
    if (isList(key, value)) out[key] = value.filter((item) => isRow(item) && item.operation !== 'insert').map((item) => asDelete(item as Row));
  return out;
}

/** One list of the version against the rows held now. */
export function restoreList(versionRows: readonly unknown[], currentRows: readonly unknown[] | undefined, idKey: string): Row[] {
  const current = new Map<unknown, Row>();
  for (const row of currentRows ?? []) if (isRow(row) && row.operation !== 'insert' && row[idKey] !== undefined) current.set(row[idKey], row);
  const kept = new Set<unknown>();
  const out: Row[] = [];
  for (const row of versionRows) {
    if (!isRow(row)) continue;
    const now = current.get(row[idKey]);
    if (!now) {
      out.push(asInsert(row, idKey));
      continue;
    }
    kept.add(row[idKey]);
    const restored: Row = {};
    let changed = now.operation === 'update' || now.operation === 'delete';
    for (const [key, value] of Object.entries(row)) {
      if (META.has(key)) continue;
      if (isList(key, value)) {
        const nested = restoreList(value, Array.isArray(now[key]) ? (now[key] as unknown[]) : [], childRowKeys[key]!);
        if (nested.some((item) => item.operation !== 'none')) changed = true;
        restored[key] = nested;
        continue;
      }
      if (norm(value) !== norm(now[key])) changed = true;
      restored[key] = value;
    }
    for (const key of Object.keys(now)) if (!(key in restored) && !META.has(key) && norm(now[key]) !== null && !isList(key, now[key])) changed = true;
    out.push({ ...restored, version: now.version, operation: changed ? 'update' : 'none' });
  }
  for (const [id, row] of current) if (!kept.has(id)) out.push(asDelete(row));
  return out;
}

/**
 * The child lists of a past version to set in the form (only those the version holds, the form holds and the user
 * may edit: the list's section edit roles).
 */
export function restoreChildLists(
  version: Readonly<Record<string, unknown>>,
  current: Readonly<Record<string, unknown>>,
  roles: readonly string[],
): Record<string, unknown> {
  const out: Record<string, Row[]> = {};
  for (const key of memberChildListKeys) {
    const rows = version[key];
    const idKey = childRowKeys[key];
    if (!idKey || !Array.isArray(rows) || !Array.isArray(current[key])) continue;
    if (!canEditSection(sectionOfChildList(key), roles)) continue;
    out[key] = restoreList(rows, current[key] as unknown[], idKey);
  }
  return out;
}
