import { sql } from 'drizzle-orm';
import { debitPlaces, formatDate } from '@assoc/domain';
import { rowsOf, type CardQuery } from './common.js';

/** The return results of a remittance line (bank_remittance_lines.status), in pt-BR. */
export const RETURN_RESULTS: ReadonlyArray<[status: string, label: string]> = [
  ['paid', 'Pago'],
  ['confirmed', 'Confirmado'],
  ['rejected', 'Rejeitado'],
  ['written-off', 'Baixado'],
  ['other', 'Outros'],
  ['pending', 'Sem retorno'],
];

/**
 * Retorno da última remessa: the charges of the newest remittance whose return has been imported (any line answered;
 * the newest remittance when none has), by what the bank's return said of each (its lines' status; 'Sem retorno' for
 * a line the return did not answer), count and value. Newest first through bank_remittances_created_idx.
 */
export const remittanceCard: CardQuery = {
  key: 'retorno',
  async compute(db) {
    const [last] = await rowsOf<{ rmId: number; bnkId: number; nsa: number; createdAt: string }>(
      db,
      sql`select rm_id as "rmId", bnk_id as "bnkId", nsa, to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "createdAt"
            from bank_remittances r
           order by exists (select 1 from bank_remittance_lines l where l.rm_id = r.rm_id and l.status <> 'pending') desc,
                    created_at desc, rm_id desc
           limit 1`,
    );
    if (!last) return { total: null, subtitle: 'Nenhuma remessa gerada', parts: [] };
    const lines = await rowsOf<{ status: string; n: number; total: string }>(
      db,
      sql`select status, count(*)::int as n, sum(value)::bigint as total from bank_remittance_lines where rm_id = ${last.rmId} group by status`,
    );
    const rows = RETURN_RESULTS.map(([status, label]) => {
      const line = lines.find((l) => l.status === status);
      return { label, count: line?.n ?? 0, value: Number(line?.total ?? 0) };
    }).filter((r) => r.count > 0);
    const bank = debitPlaces.find((p) => p.bnkId === last.bnkId)?.bankName ?? `Banco ${last.bnkId}`;
    return {
      total: { value: rows.reduce((a, r) => a + r.count, 0), unit: 'count', caption: 'cobranças' },
      subtitle: `Remessa ${last.nsa} (${bank}) de ${formatDate(last.createdAt)}`,
      parts: [
        {
          title: 'Cobranças por resultado',
          chart: 'donut',
          unit: 'count',
          series: ['Cobranças'],
          rows: rows.map((r) => ({ label: r.label, values: [r.count] })),
        },
        {
          title: 'Valor por resultado',
          chart: 'bar',
          unit: 'money',
          series: ['Valor'],
          rows: rows.map((r) => ({ label: r.label, values: [r.value] })),
        },
      ],
    };
  },
};
