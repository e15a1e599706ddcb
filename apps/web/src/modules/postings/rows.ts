import { POSTING_MAX_ROWS, type PostingRow } from '@assoc/domain';

/** One row being typed (spec 2 §4 "Postings"): the member picked (or found by phone), the value in cents and the instalments. */
export interface DraftRow {
  /** Stable React key and focus target: rows are deleted from the middle. */
  key: number;
  cstId: number | null;
  label: string;
  value: number | null;
  parcelas: number;
  /** Phone mode: the digits typed. */
  phone: string;
}

let nextKey = 1;
export const emptyRow = (): DraftRow => ({ key: nextKey++, cstId: null, label: '', value: null, parcelas: 1, phone: '' });

const hasValue = (row: DraftRow) => typeof row.value === 'number' && row.value !== 0;

/** A new row comes only from a last row with a member and a nonzero value, up to 50 rows. */
export const canAddRow = (rows: readonly DraftRow[]) => {
  const last = rows.at(-1);
  return rows.length < POSTING_MAX_ROWS && last !== undefined && last.cstId !== null && hasValue(last);
};

export const totalOf = (rows: readonly DraftRow[]) => rows.reduce((sum, row) => sum + (row.value ?? 0), 0);

/** LANÇAR: every row has a member and a nonzero value, and the total is positive. */
export const canPost = (rows: readonly DraftRow[]) =>
  rows.length > 0 && rows.every((row) => row.cstId !== null && hasValue(row)) && totalOf(rows) > 0;

/**
 * Deleting a row: the only row is cleared instead; the answer names the row that takes the focus (the one that moved
 * into the deleted place, else the one before).
 */
export function deleteRow(rows: readonly DraftRow[], key: number): { rows: DraftRow[]; focusKey: number } {
  const at = rows.findIndex((row) => row.key === key);
  if (rows.length <= 1 || at < 0) {
    const fresh = emptyRow();
    return { rows: [fresh], focusKey: fresh.key };
  }
  const next = rows.filter((row) => row.key !== key);
  return { rows: next, focusKey: (next[at] ?? next[at - 1]!).key };
}

/** The rows as POST lancamentos takes them (a complete batch: canPost holds). */
export const toPostingRows = (rows: readonly DraftRow[], withPhone: boolean): PostingRow[] =>
  rows.map((row, index) => ({
    index,
    cstId: row.cstId!,
    label: row.label.slice(0, 120),
    parcelas: row.parcelas,
    value: row.value!,
    phone: withPhone ? row.phone : null,
  }));
