import type { MemberChildListKey } from './member.schema.js';

/**
 * The paths of an audit version's fieldDiffs inside the member's child lists (issue 13: every change shows in
 * audit mode, per tab). A row is named by its stable id, never by its position (a version's rows are not in the
 * same order, nor the same rows, as another's):
 *
 * - `<list>`: something in the list changed (kept for the tabs that only mark the list as a whole);
 * - `<list>.<rowId>`: that row was inserted, deleted or changed;
 * - `<list>.<rowId>.<field>`: one of its fields changed;
 * - nested lists go on the same way: `parentFilhos.<cstId>.usuarioServicos.<cslId>.valor`.
 *
 * The row id is the list's id field (below); a row without one (the one-row portalAcesso, a row not saved yet)
 * is named by its index.
 */
export const memberChildRowIdKeys: Record<MemberChildListKey, string | null> = {
  parentFilhos: 'cstId',
  usuarioServicos: 'cslId',
  documentos: 'scanId',
  atendimentos: 'atdId',
  cobrancas: 'cobId',
  ressarcimentos: 'resId',
  portalAcesso: null,
};

/** The id a row of `list` has in audit paths: its id field when it holds a (saved, not negative) number, else its index. */
export function childRowId(list: string, row: unknown, index: number): string {
  const key = memberChildRowIdKeys[list as MemberChildListKey] ?? null;
  const value = key && row && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' && value >= 0 ? String(value) : String(index);
}

/** `list.id` or `list.id.field` (prefix a parent row's path for a nested list: `${auditRowPath('parentFilhos', 7)}.…`). */
export function auditRowPath(list: string, id: string | number, field?: string): string {
  return field === undefined ? `${list}.${id}` : `${list}.${id}.${field}`;
}
