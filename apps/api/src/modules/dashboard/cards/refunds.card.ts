import { sql } from 'drizzle-orm';
import { formatCents, REFUND_STATUS } from '@assoc/domain';
import { rowsOf, type CardQuery } from './common.js';

/** Devoluções aguardando aprovação: the refunds EM ANÁLISE (refunds_status_idx), how many and how much. */
export const refundsCard: CardQuery = {
  key: 'devolucoes',
  async compute(db) {
    const [row] = await rowsOf<{ n: number; total: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(dev_valor), 0)::bigint as total from refunds where dev_status = ${REFUND_STATUS.EM_ANALISE}`,
    );
    return {
      total: { value: row!.n, unit: 'count', caption: 'aguardando aprovação' },
      subtitle: `Valor total: ${formatCents(Number(row!.total))}`,
      parts: [],
    };
  },
};
