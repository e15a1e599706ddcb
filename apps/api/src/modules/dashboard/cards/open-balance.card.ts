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
 * a holder owes is made of their most recent debits. Only the debits of the last 90 days are read (index
 * statement_entries_recent_debit_idx, migration 0051); whatever of the debt they do not cover is 90+ days old.
 */
export const openBalanceCard: CardQuery = {
  key: 'saldo-aberto',
  async compute(db, { now }) {
    const rows = await rowsOf<{ place: number; d30: string; d60: string; d90: string; total: string }>(
      db,
      sql`with owing as (
            select o.cst_id, o.debt, coalesce(c.bnk_id, ${BOLETO}) as place
              from ${owingHoldersSql()} o join customers c on c.cst_id = o.cst_id
          ), recent as (
            select e.cst_id, e.ext_valor, ${now}::timestamptz - e.ext_date as age,
                   sum(e.ext_valor) over (partition by e.cst_id order by e.ext_date desc, e.ext_id desc) as upto
              from statement_entries e
             where e.ext_valor > 0 and e.ext_date > ${now}::timestamptz - interval '90 days'
               and e.cst_id in (select cst_id from owing)
          ), aged as (
            select r.cst_id, r.age, greatest(0, least(r.ext_valor, o.debt - (r.upto - r.ext_valor))) as part
              from recent r join owing o on o.cst_id = r.cst_id
             where r.upto - r.ext_valor < o.debt
          ), per_holder as (
            select a.cst_id,
                   sum(a.part) filter (where a.age <= interval '30 days') as d30,
                   sum(a.part) filter (where a.age > interval '30 days' and a.age <= interval '60 days') as d60,
                   sum(a.part) filter (where a.age > interval '60 days') as d90
              from aged a group by a.cst_id
          )
          select o.place, coalesce(sum(h.d30), 0)::bigint as d30, coalesce(sum(h.d60), 0)::bigint as d60,
                 coalesce(sum(h.d90), 0)::bigint as d90, sum(o.debt)::bigint as total
            from owing o left join per_holder h on h.cst_id = o.cst_id
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
