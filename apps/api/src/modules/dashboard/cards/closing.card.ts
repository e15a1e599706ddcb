import { sql } from 'drizzle-orm';
import { monthText, rowsOf, type CardQuery } from './common.js';

/**
 * Último fechamento por grupo: what the last `period` closed periods (locked by their monthly closing) charged — their
 * 'fechamento' and 'lancamento' entries, net of nothing else (credits, payments and reversals are not charges) — per
 * statement group of the entry's service (none: 'Sem grupo'), the last closing against the previous months.
 * Reads the periods' entries through statement_entries_fec_charge_idx (migration 0051: index-only).
 */
export const closingCard: CardQuery = {
  key: 'fechamento',
  async compute(db, { period }) {
    const periods = await rowsOf<{ fecId: number; ano: number; mes: number }>(
      db,
      sql`select cp.fec_id as "fecId", cp.fec_ano as ano, cp.fec_mes as mes
            from closing_periods cp where cp.locked_at is not null
           order by cp.fec_ano desc, cp.fec_mes desc limit ${period}`,
    );
    if (periods.length === 0) return { total: null, subtitle: 'Nenhum mês fechado', parts: [] };
    const ids = periods.map((p) => p.fecId);
    const sums = await rowsOf<{ fecId: number; grupo: number | null; total: string }>(
      db,
      sql`select t.fec_id as "fecId", s.extgrp_id as grupo, sum(t.total)::bigint as total
            from (select e.fec_id, e.svc_id, sum(e.ext_valor) as total from statement_entries e
                   where e.fec_id in (${sql.join(
                     ids.map((id) => sql`${id}`),
                     sql`, `,
                   )}) and e.ext_tipo in ('fechamento', 'lancamento')
                   group by 1, 2) t
            left join services s on s.svc_id = t.svc_id
           group by 1, 2`,
    );
    const groupIds = [...new Set(sums.map((s) => s.grupo))];
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
      values: groups.map((g) => Number(sums.find((s) => s.fecId === p.fecId && s.grupo === g.id)?.total ?? 0)),
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
