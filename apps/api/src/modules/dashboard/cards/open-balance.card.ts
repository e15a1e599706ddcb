import { sql } from 'drizzle-orm';
import { BOLETO, debitPlaces } from '@assoc/domain';
import { owingHoldersSql } from '../../ledger/ledger.repository.js';
import { rowsOf, type CardQuery } from './common.js';

/** The age brackets of what is owed, in days since the debit was written. */
export const AGE_BRACKETS = ['0-30 dias', '31-60 dias', '61-90 dias', '90+ dias'] as const;

/**
 * Saldo em aberto por canal e idade: the open balance of the ledger (the holders who owe, `owingHoldersSql` over
 * holder_balances: the same money as GET financeiro/saldoaberto, no second copy) by channel (the holder's debit place,
 * none → boleto, like the open-balance screen), aged first in, first out: each credit pays the oldest debits, so what
 * a holder owes is made of their most recent debits: of the debt, up to the sum of the last 30 days' debits is 0-30
 * days old, up to the next 30 days' is 31-60, and so on; whatever the last 90 days' debits do not cover is 90+ days old.
 * Only those debits are read, summed per holder and bracket (index-only, statement_entries_recent_debit_idx, 0051).
 */
export const openBalanceCard: CardQuery = {
  key: 'saldo-aberto',
  async compute(db, { now }) {
    // The brackets' bounds are constants of the query: an interval subtracted in SQL is worked out again on each of
    // the ~135,000 debits read (timestamptz arithmetic is not folded), which was half the query's time.
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const [d30, d60, d90] = [daysAgo(30), daysAgo(60), daysAgo(90)];
    const rows = await rowsOf<{ place: number; d30: string; d60: string; d90: string; total: string }>(
      db,
      // `parent_id is null` (every balance is a holder's) lets the holders' place be read from their partial index.
      sql`with owing as (
            select o.cst_id, o.debt, coalesce(c.bnk_id, ${BOLETO}) as place
              from ${owingHoldersSql()} o join customers c on c.cst_id = o.cst_id and c.parent_id is null
          ), recent as (
            select e.cst_id,
                   coalesce(sum(e.ext_valor) filter (where e.ext_date > ${d30}::timestamptz), 0) as s30,
                   coalesce(sum(e.ext_valor) filter (where e.ext_date <= ${d30}::timestamptz and e.ext_date > ${d60}::timestamptz), 0) as s60,
                   coalesce(sum(e.ext_valor) filter (where e.ext_date <= ${d60}::timestamptz), 0) as s90
              from statement_entries e
             where e.ext_valor > 0 and e.ext_date > ${d90}::timestamptz
               and e.cst_id in (select cst_id from owing)
             group by e.cst_id
          )
          select o.place, sum(a1.d)::bigint as d30, sum(a2.d)::bigint as d60, sum(a3.d)::bigint as d90, sum(o.debt)::bigint as total
            from owing o left join recent r on r.cst_id = o.cst_id
           cross join lateral (select least(o.debt, coalesce(r.s30, 0)) as d) a1
           cross join lateral (select least(o.debt - a1.d, coalesce(r.s60, 0)) as d) a2
           cross join lateral (select least(o.debt - a1.d - a2.d, coalesce(r.s90, 0)) as d) a3
           group by o.place order by o.place`,
    );
    let total = 0;
    const table = debitPlaces
      .map((place) => {
        const row = rows.find((r) => Number(r.place) === place.bnkId);
        if (!row) return null;
        const [d30, d60, d90, all] = [row.d30, row.d60, row.d90, row.total].map(Number) as [number, number, number, number];
        total += all;
        return { label: place.bankName, values: [d30, d60, d90, all - d30 - d60 - d90] };
      })
      .filter((r) => r !== null);
    return {
      total: { value: total, unit: 'money', caption: 'em aberto' },
      subtitle: null,
      parts: [{ title: 'Por canal e idade', chart: 'stacked', unit: 'money', series: [...AGE_BRACKETS], rows: table }],
    };
  },
};
