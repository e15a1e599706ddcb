import { and, desc, eq, sql } from 'drizzle-orm';
import type { FollowUpItem, FollowUpRecord } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { atendimentos, customers } from '../../db/schema/index.js';
import { jsonObjectOf } from '../../lib/json-columns.js';

/** A timestamp as the rows carry it: ISO in UTC with milliseconds (the same text from SQL's JSON and from a Date). */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A member's rows as one JSON array over its customers row `c` (the member's load reads them in its statement),
 * newest first (new rows are added at the top: spec 1 §4), with the same fields and order as `load`.
 */
const FOLLOW_UP_OBJECT = jsonObjectOf(atendimentos, 'a', [
  'atdId',
  'cstId',
  ['atdData', `to_char(a.atd_data at time zone 'UTC', ${ISO_UTC})`],
  'atdTipo',
  'atdDepartamento',
  'atdAssunto',
  ['custName', 'c.cust_name'],
  'atdTitulo',
  'atdCriadoPor',
  'atdStatus',
  'version',
  ['operation', `'none'`],
]);
const FOLLOW_UPS_JSON = `coalesce((select json_agg(${FOLLOW_UP_OBJECT}
    order by a.atd_data desc, a.atd_id desc)
  from atendimentos a where a.cst_id = c.cst_id), '[]'::json)`;

const columns = {
  atdId: atendimentos.atdId,
  cstId: atendimentos.cstId,
  atdData: atendimentos.atdData,
  atdTipo: atendimentos.atdTipo,
  atdDepartamento: atendimentos.atdDepartamento,
  atdAssunto: atendimentos.atdAssunto,
  custName: customers.custName,
  atdTitulo: atendimentos.atdTitulo,
  atdCriadoPor: atendimentos.atdCriadoPor,
  atdStatus: atendimentos.atdStatus,
  version: atendimentos.version,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };
const toRecord = (row: Row): FollowUpRecord => ({ ...row, atdData: row.atdData.toISOString() });

/** The editable columns of a row. */
const editable = (item: Pick<FollowUpItem, 'atdTipo' | 'atdDepartamento' | 'atdAssunto' | 'atdTitulo' | 'atdStatus'>) => ({
  atdTipo: item.atdTipo,
  atdDepartamento: item.atdDepartamento,
  atdAssunto: item.atdAssunto,
  atdTitulo: item.atdTitulo,
  atdStatus: item.atdStatus,
});

export function createFollowUpRepository() {
  const select = (tx: Executor) => tx.select(columns).from(atendimentos).innerJoin(customers, eq(customers.cstId, atendimentos.cstId));

  return {
    /** A member's rows, newest first, marked none. */
    async load(tx: Executor, cstId: number): Promise<FollowUpItem[]> {
      const rows = await select(tx).where(eq(atendimentos.cstId, cstId)).orderBy(desc(atendimentos.atdData), desc(atendimentos.atdId));
      return rows.map((r) => ({ ...toRecord(r), operation: 'none' as const }));
    },

    json: { expression: FOLLOW_UPS_JSON, fromJson: (value: unknown) => value as FollowUpItem[] },

    /** The rows with a status, newest first (/acompanhamento). */
    async byStatus(tx: Executor, status: number): Promise<FollowUpRecord[]> {
      const rows = await select(tx).where(eq(atendimentos.atdStatus, status)).orderBy(desc(atendimentos.atdData), desc(atendimentos.atdId));
      return rows.map(toRecord);
    },

    /** One row, locked for the write that follows (null when unknown; restricted to a member when given). */
    async lock(tx: Executor, atdId: number, cstId?: number): Promise<FollowUpRecord | null> {
      const where = cstId === undefined ? eq(atendimentos.atdId, atdId) : and(eq(atendimentos.atdId, atdId), eq(atendimentos.cstId, cstId));
      const [row] = await select(tx).where(where).for('update', { of: atendimentos });
      return row ? toRecord(row) : null;
    },

    /** A new row: the time (now) and the user are the server's. */
    async insert(tx: Executor, cstId: number, item: FollowUpItem, user: { userId: number; name: string }) {
      await tx.insert(atendimentos).values({ cstId, ...editable(item), atdCriadoPor: user.name.slice(0, 64), atdCriadoPorId: user.userId });
    },

    /** The editable fields, one version more. */
    async update(tx: Executor, atdId: number, item: Parameters<typeof editable>[0]) {
      await tx
        .update(atendimentos)
        .set({ ...editable(item), version: sql`${atendimentos.version} + 1`, updatedAt: sql`now()` })
        .where(eq(atendimentos.atdId, atdId));
    },

    async remove(tx: Executor, atdId: number) {
      await tx.delete(atendimentos).where(eq(atendimentos.atdId, atdId));
    },
  };
}

export type FollowUpRepository = ReturnType<typeof createFollowUpRepository>;
