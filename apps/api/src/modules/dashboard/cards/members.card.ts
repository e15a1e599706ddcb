import { sql } from 'drizzle-orm';
import { memberProfiles, memberSituations } from '@assoc/domain';
import { monthKey, monthText, periodStart, rowsOf, type CardQuery } from './common.js';

/**
 * Sócios por situação e status: the holders (parentId null) by situation (1 Ativo, 2 Aposentado, 5 Falecido) and by
 * status (the profile letter), and month by month the holders admitted (custAdmissao) and deceased (custDeceased).
 * One scan of customers' holders (30,000 rows) for the counts; the months read the same rows' two dates.
 */
export const membersCard: CardQuery = {
  key: 'socios',
  async compute(db, { period, now }) {
    const counts = await rowsOf<{ situacao: number | null; status: string | null; n: number }>(
      db,
      sql`select c.cust_assoc_situacao as situacao, c.cust_status as status, count(*)::int as n
            from customers c where c.parent_id is null group by 1, 2`,
    );
    const { start, months } = periodStart(now, period);
    const moves = await rowsOf<{ mes: string; admitidos: number; falecidos: number }>(
      db,
      sql`select mes, sum(a)::int as admitidos, sum(f)::int as falecidos from (
            select to_char(c.cust_admissao, 'YYYY-MM') as mes, 1 as a, 0 as f
              from customers c where c.parent_id is null and c.cust_admissao >= ${start}::date
            union all
            select to_char(c.cust_deceased, 'YYYY-MM'), 0, 1
              from customers c where c.parent_id is null and c.cust_deceased >= ${start}::date
          ) m group by mes`,
    );
    const bySituation = new Map<string, number>();
    const byStatus = new Map<string, number>();
    let total = 0;
    for (const row of counts) {
      total += row.n;
      const situation = memberSituations.find((s) => s.value === row.situacao)?.label ?? 'Sem situação';
      bySituation.set(situation, (bySituation.get(situation) ?? 0) + row.n);
      const status = memberProfiles.find((p) => p.value === row.status?.trim())?.label ?? 'Sem status';
      byStatus.set(status, (byStatus.get(status) ?? 0) + row.n);
    }
    const order = (labels: readonly string[], map: Map<string, number>) =>
      [...labels, ...[...map.keys()].filter((k) => !labels.includes(k))]
        .filter((k) => map.has(k))
        .map((label) => ({ label, values: [map.get(label)!] }));
    const byMonth = new Map(moves.map((m) => [m.mes, m]));
    return {
      total: { value: total, unit: 'count', caption: 'titulares' },
      subtitle: null,
      parts: [
        {
          title: 'Por situação',
          chart: 'donut',
          unit: 'count',
          series: ['Titulares'],
          rows: order(
            memberSituations.map((s) => s.label),
            bySituation,
          ),
        },
        {
          title: 'Por status',
          chart: 'bar',
          unit: 'count',
          series: ['Titulares'],
          rows: order(
            memberProfiles.map((p) => p.label),
            byStatus,
          ),
        },
        {
          title: 'Admissões e falecimentos por mês',
          chart: 'bar',
          unit: 'count',
          series: ['Admissões', 'Falecimentos'],
          rows: months.map(({ year, month }) => {
            const m = byMonth.get(monthKey(year, month));
            return { label: monthText(year, month), values: [m?.admitidos ?? 0, m?.falecidos ?? 0] };
          }),
        },
      ],
    };
  },
};
