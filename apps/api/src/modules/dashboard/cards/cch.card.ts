import { sql } from 'drizzle-orm';
import { cchBenefitLabels, cchBenefits, cchStatuses, cchStatusInfo } from '@assoc/domain';
import { APP_ZONE, monthKey, monthText, periodStart, rowsOf, type CardQuery } from './common.js';

/**
 * Solicitações de CCH: the requests made in the period (cch_data_solicitacao, São Paulo months) by status, and month
 * by month by benefit. One pass over the period's requests, grouped by month, status and benefit.
 */
export const cchCard: CardQuery = {
  key: 'cch',
  async compute(db, { period, now }) {
    const { start, months } = periodStart(now, period);
    const rows = await rowsOf<{ mes: string; status: number; beneficio: number; n: number }>(
      db,
      sql`select to_char(cch_data_solicitacao at time zone ${APP_ZONE}, 'YYYY-MM') as mes, cch_status as status,
                 cch_beneficio as beneficio, count(*)::int as n
            from cch_requests where cch_data_solicitacao >= (${start}::date)::timestamp at time zone ${APP_ZONE}
           group by 1, 2, 3`,
    );
    const sum = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).reduce((a, r) => a + r.n, 0);
    const statusRows = cchStatuses.map((s) => ({ label: cchStatusInfo[s].label, values: [sum((r) => r.status === s)] }));
    return {
      total: { value: sum((r) => r.status === 2), unit: 'count', caption: 'em análise' },
      subtitle: null,
      parts: [
        { title: 'Por situação', chart: 'bar', unit: 'count', series: ['Solicitações'], rows: statusRows },
        {
          title: 'Por benefício e mês',
          chart: 'stacked',
          unit: 'count',
          series: cchBenefits.map((b) => cchBenefitLabels[b]),
          rows: months.map(({ year, month }) => ({
            label: monthText(year, month),
            values: cchBenefits.map((b) => sum((r) => r.mes === monthKey(year, month) && r.beneficio === b)),
          })),
        },
      ],
    };
  },
};
