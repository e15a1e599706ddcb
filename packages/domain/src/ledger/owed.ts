import { asCents, sumCents, type Cents } from '../money/index.js';

/**
 * What a holder owes: the one definition (issue 22 item 1), used by `GET cobranca/divida`, the new charge's default and
 * limit, the statement's balance, the closing's open balance and the dashboards. The API's SQL of the same rule is
 * `holderBalanceSql` / `holderDebtSql` in `apps/api/src/modules/ledger/ledger.repository.ts`.
 *
 * It is read from the ledger's entries only: every entry of the holder counts, whatever its type or period: debits
 * (> 0: closing, postings, the open month's consumption) and credits (< 0: payments — by direct debit, by boleto, by
 * hand —, credits issued, the reversal of a debit; a reversal of a credit is a debit again). Charges (cobranças) never
 * count: they say how a debt is being collected, not what is owed; a charge paid at the bank lowers the debt through the
 * 'pagamento' entry its return writes into the ledger.
 */

/** The holder's balance: the sum of their entries in cents (> 0 owed, < 0 in credit); the statement's running balance. */
export function holderBalance(entries: Iterable<{ extValor: number }>): Cents {
  return sumCents(Array.from(entries, (e) => e.extValor));
}

/** What the holder owes from a balance: never below zero (a credit balance owes nothing). */
export function outstandingDebt(balance: number): Cents {
  return asCents(Math.max(0, balance));
}

/** What the holder owes from their entries: `outstandingDebt(holderBalance(entries))`. */
export const owedBy = (entries: Iterable<{ extValor: number }>): Cents => outstandingDebt(holderBalance(entries));
