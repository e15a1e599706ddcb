import { sql } from 'drizzle-orm';
import { monthText, rowsOf, type CardQuery } from './common.js';

/**
 * Último fechamento por grupo: what the last `period` closed periods (locked by their monthly closing) charged — their
 * 'fechamento' and 'lancamento' entries, net of nothing else (credits, payments and reversals are not charges) — per
 * statement group of the entry's service (none: 'Sem grupo'), the last closing against the previous months.
 * Reads the periods' entries through statement_entries_fec_charge_idx (migration 0051: index-only). A locked period
 * never changes (the ledger's triggers refuse it), so its totals are kept for the life of the process (`memo`, keyed by
 * the period and when it was locked): after the first call only a newly closed month is read.
 */
export const closingCard: CardQuery = {
  key: 'fechamento',
  async compute(db, { period, memo }) {
    const periods = await rowsOf<{ fecId: number; ano: number; mes: number; lockedAt: string }>(
      db,
      sql`select cp.fec_id as "fecId", cp.fec_ano as ano, cp.fec_mes as mes, cp.locked_at::text as "lockedAt"
            from closing_periods cp where cp.locked_at is not null
           order by cp.fec_ano desc, cp.fec_mes desc limit ${period}`,
    );
    if (periods.length === 0) return { total: null, subtitle: 'Nenhum mês fechado', parts: [] };
    // Per period and service (a service's group is read afresh: the registry may move it).
    type Sum = { fecId: number; svcId: number | null; total: string };
    const memoKey = (p: (typeof periods)[number]) => `fechamento:${p.fecId}@${p.lockedAt}`;
    const missing = periods.filter((p) => !memo.has(memoKey(p)));
    if (missing.length > 0) {
      const read = await rowsOf<Sum>(
        db,
        sql`select e.fec_id as "fecId", e.svc_id as "svcId", sum(e.ext_valor)::bigint as total
              from statement_entries e
             where e.fec_id in (${sql.join(
               missing.map((p) => sql`${p.fecId}`),
               sql`, `,
             )}) and e.ext_tipo in ('fechamento', 'lancamento')
             group by 1, 2`,
      );
      for (const p of missing)
        memo.set(
          memoKey(p),
          read.filter((r) => r.fecId === p.fecId),
        );
    }
    const groupOf = new Map(
      (await rowsOf<{ svcId: number; grupo: number | null }>(db, sql`select svc_id as "svcId", extgrp_id as grupo from services`)).map((r) => [
        r.svcId,
        r.grupo,
      ]),
    );
    const sums = new Map<string, number>();
    for (const p of periods) {
      for (const r of memo.get(memoKey(p)) as Sum[]) {
        const key = `${p.fecId}:${(r.svcId !== null ? groupOf.get(r.svcId) : null) ?? 0}`;
        sums.set(key, (sums.get(key) ?? 0) + Number(r.total));
      }
    }
    const groupIds = [...new Set([...sums.keys()].map((k) => Number(k.split(':')[1])))];
    const names = await rowsOf<{ id: number; name: string; sort: number }>(
      db,
      sql`select extgrp_id as id, extgrp_name as name, extgrp_sort as sort from extrato_groups`,
    );
    const groups = groupIds
      .map((id) => {
        const g = names.find((n) => n.id === id);
        return { id, name: g?.name ?? 'Sem grupo', sort: g?.sort ?? 9999 };
      })
      .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'pt-BR'));
    const ordered = [...periods].reverse();
    const rows = ordered.map((p) => ({
      label: monthText(p.ano, p.mes),
      values: groups.map((g) => sums.get(`${p.fecId}:${g.id}`) ?? 0),
    }));
    const last = periods[0]!;
    const lastTotal = rows[rows.length - 1]!.values.reduce((a, b) => a + b, 0);
    return {
      total: { value: lastTotal, unit: 'money', caption: `fechamento ${monthText(last.ano, last.mes)}` },
      subtitle: `Último fechamento: ${monthText(last.ano, last.mes)}`,
      parts: [{ title: 'Total por grupo e mês', chart: 'stacked', unit: 'money', series: groups.map((g) => g.name), rows }],
    };
  },
};
