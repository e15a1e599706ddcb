import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface PersonRow {
  cstId: number;
  name: string;
  cpf: string | null;
  numero: string | null;
  status: string | null;
  situacao: number | null;
}

// Holders who are not deceased and fall in one of the three categories (active, retired, pensioner).
const COUNTED = sql.raw(`parent_id is null and coalesce(cust_assoc_situacao, 0) <> 5
  and (cust_status = 'V' or cust_assoc_situacao in (1, 2))`);

/** The people data the reports read; built on the job's own connection (`ctx.db`). */
export function createPeopleReportsRepository() {
  return {
    async countCounted(db: Executor): Promise<number> {
      const {
        rows: [first],
      } = await db.execute<{ total: number }>(sql`select count(*)::int as total from customers where ${COUNTED}`);
      return first?.total ?? 0;
    },
    /** The next page of counted people after `after` (by cst_id). */
    async countedAfter(db: Executor, after: number, limit: number): Promise<PersonRow[]> {
      const { rows } = await db.execute<Record<keyof PersonRow, unknown>>(sql`
        select cst_id as "cstId", cust_name as name, cust_cpf as cpf, cust_numero_interno as numero,
               cust_status as status, cust_assoc_situacao as situacao
          from customers where ${COUNTED} and cst_id > ${after} order by cst_id limit ${limit}`);
      return rows as unknown as PersonRow[];
    },
  };
}
export type PeopleReportsRepository = ReturnType<typeof createPeopleReportsRepository>;
