import { sql } from 'drizzle-orm';
import { followUpSubjectLabel } from '@assoc/domain';
import { rowsOf, type CardQuery } from './common.js';

/** Acompanhamentos pendentes por assunto: the follow-ups with status 1 Pendente (atendimentos_status_idx) by subject. */
export const followUpCard: CardQuery = {
  key: 'acompanhamentos',
  async compute(db) {
    const rows = await rowsOf<{ assunto: number; n: number }>(
      db,
      sql`select atd_assunto as assunto, count(*)::int as n from atendimentos where atd_status = 1 group by 1 order by 2 desc, 1`,
    );
    return {
      total: { value: rows.reduce((a, r) => a + r.n, 0), unit: 'count', caption: 'pendentes' },
      subtitle: null,
      parts: [
        {
          title: 'Pendentes por assunto',
          chart: 'bar',
          unit: 'count',
          series: ['Pendentes'],
          rows: rows.map((r) => ({ label: followUpSubjectLabel(r.assunto) || `Assunto ${r.assunto}`, values: [r.n] })),
        },
      ],
    };
  },
};
