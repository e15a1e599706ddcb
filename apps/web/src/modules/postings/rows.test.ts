import { POSTING_MAX_ROWS } from '@assoc/domain';
import { describe, expect, it } from 'vitest';
import { canAddRow, canPost, deleteRow, emptyRow, toPostingRows, totalOf, type DraftRow } from './rows';

const row = (values: Partial<DraftRow> = {}): DraftRow => ({ ...emptyRow(), ...values });
const complete = (value = 1_000) => row({ cstId: 7, label: 'Ana', value });

describe('posting rows (spec 2 §4 "Postings")', () => {
  it('adds a row only from a last row with a member and a nonzero value, up to 50', () => {
    expect(canAddRow([row()])).toBe(false);
    expect(canAddRow([row({ cstId: 7 })])).toBe(false);
    expect(canAddRow([row({ cstId: 7, value: 0 })])).toBe(false);
    expect(canAddRow([row({ value: 500 })])).toBe(false);
    expect(canAddRow([complete(-200)])).toBe(true);
    expect(canAddRow([complete(), row()])).toBe(false);
    expect(canAddRow(Array.from({ length: POSTING_MAX_ROWS - 1 }, () => complete()))).toBe(true);
    expect(canAddRow(Array.from({ length: POSTING_MAX_ROWS }, () => complete()))).toBe(false);
  });

  it('posts only when every row has a member and a nonzero value and the total is positive', () => {
    expect(canPost([complete(1_000), complete(-400)])).toBe(true);
    expect(totalOf([complete(1_000), complete(-400)])).toBe(600);
    expect(canPost([complete(1_000), complete(-1_000)])).toBe(false);
    expect(canPost([complete(-1)])).toBe(false);
    expect(canPost([complete(1_000), row({ cstId: 8 })])).toBe(false);
    expect(canPost([complete(1_000), row({ value: 100 })])).toBe(false);
  });

  it('clears the only row and moves the focus to a neighbour of a deleted one', () => {
    const only = complete();
    const cleared = deleteRow([only], only.key);
    expect(cleared.rows).toHaveLength(1);
    expect(cleared.rows[0]).toMatchObject({ cstId: null, value: null, parcelas: 1, phone: '' });
    expect(cleared.focusKey).toBe(cleared.rows[0]!.key);

    const [a, b, c] = [complete(), complete(), complete()];
    expect(deleteRow([a, b, c], b.key)).toEqual({ rows: [a, c], focusKey: c.key });
    expect(deleteRow([a, b, c], c.key)).toEqual({ rows: [a, b], focusKey: b.key });
  });

  it('numbers the rows for POST lancamentos and sends the phone only in phone mode', () => {
    const rows = [row({ cstId: 7, label: 'Ana', value: 900, parcelas: 3, phone: '11987654321' })];
    expect(toPostingRows(rows, true)).toEqual([{ index: 0, cstId: 7, label: 'Ana', parcelas: 3, value: 900, phone: '11987654321' }]);
    expect(toPostingRows(rows, false)[0]!.phone).toBeNull();
  });
});
