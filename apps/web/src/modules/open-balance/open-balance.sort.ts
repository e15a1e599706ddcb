import type { OpenBalanceRow } from '@assoc/domain';

export type OpenBalanceSortKey = 'custNumeroInterno' | 'bnkName' | 'account' | 'saldo';

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });

/**
 * The open balance's rows in the order of a sortable column (spec 2 §2.8), client-side over the whole list; ties keep
 * the server's order (by name). Text columns compare as pt-BR with numbers by value, Saldo by cents.
 */
export function sortOpenBalance(rows: readonly OpenBalanceRow[], key: OpenBalanceSortKey, direction: 'asc' | 'desc'): OpenBalanceRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare =
    key === 'saldo'
      ? (a: OpenBalanceRow, b: OpenBalanceRow) => a.saldo - b.saldo
      : (a: OpenBalanceRow, b: OpenBalanceRow) => collator.compare(a[key], b[key]);
  // Array.prototype.sort is stable, so equal keys stay in the server's order.
  return [...rows].sort((a, b) => sign * compare(a, b));
}
