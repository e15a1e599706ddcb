import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/** Marks a row's action button (Editar, Apagar, Recuperar…) for {@link useRowActionsFocus}. */
export const ROW_ACTION = 'data-row-action';
const SELECTOR = `[${ROW_ACTION}]`;

/**
 * One Tab stop for all the row actions of a table (WCAG 2.4.3 focus order): the actions are a
 * roving-tabindex grid, so Tab goes from the toolbar through the headers to the current row's action
 * and then out of the table, and the arrow keys move between rows (up/down) and actions (left/right);
 * Home and End go to the first and last row. Spread the returned props on an element wrapping the table.
 */
export function useRowActionsFocus<E extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const current = useRef({ row: 0, col: 0 });

  const grid = useCallback((): HTMLElement[][] => {
    const root = ref.current;
    if (!root) return [];
    return Array.from(root.querySelectorAll('tbody tr'))
      .map((tr) => Array.from(tr.querySelectorAll<HTMLElement>(SELECTOR)))
      .filter((actions) => actions.length > 0);
  }, []);

  /** Exactly one action keeps tabIndex 0: the last one used, or the first row's first. */
  const sync = useCallback(() => {
    const rows = grid();
    if (rows.length === 0) return;
    const row = Math.min(current.current.row, rows.length - 1);
    const col = Math.min(current.current.col, rows[row]!.length - 1);
    current.current = { row, col };
    rows.forEach((actions, r) => actions.forEach((el, c) => (el.tabIndex = r === row && c === col ? 0 : -1)));
  }, [grid]);

  // Rows come and go (filter, sort, saves): keep the one tab stop after every change of the table body.
  useEffect(() => {
    sync();
    const root = ref.current;
    if (!root) return;
    const observer = new MutationObserver(sync);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [sync]);

  const locate = (target: EventTarget | null) => {
    const el = target instanceof HTMLElement ? target.closest<HTMLElement>(SELECTOR) : null;
    if (!el) return null;
    const rows = grid();
    const row = rows.findIndex((actions) => actions.includes(el));
    return row === -1 ? null : { rows, row, col: rows[row]!.indexOf(el) };
  };

  const move = (rows: HTMLElement[][], row: number, col: number) => {
    const r = Math.max(0, Math.min(row, rows.length - 1));
    const c = Math.max(0, Math.min(col, rows[r]!.length - 1));
    current.current = { row: r, col: c };
    sync();
    rows[r]![c]!.focus();
  };

  const onKeyDown = (event: KeyboardEvent<E>) => {
    const at = locate(event.target);
    if (!at) return;
    const { rows, row, col } = at;
    const next: Record<string, () => void> = {
      ArrowDown: () => move(rows, row + 1, col),
      ArrowUp: () => move(rows, row - 1, col),
      ArrowRight: () => move(rows, row, col + 1),
      ArrowLeft: () => move(rows, row, col - 1),
      Home: () => move(rows, 0, col),
      End: () => move(rows, rows.length - 1, col),
    };
    const action = next[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  // A click (or a return from a dialog) on an action makes it the table's tab stop.
  const onFocus = (event: FocusEvent<E>) => {
    const at = locate(event.target);
    if (!at) return;
    current.current = { row: at.row, col: at.col };
    sync();
  };

  return { ref, onKeyDown, onFocus };
}
