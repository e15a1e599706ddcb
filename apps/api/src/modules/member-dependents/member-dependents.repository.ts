import { and, eq, sql } from 'drizzle-orm';
import type { DependentItem, MemberServiceItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { jsonObjectOf } from '../../lib/json-columns.js';

/** The stored dependent as the list gives it (a row marked none, with its services). */
export type StoredDependent = Extract<DependentItem, { operation: 'none' | 'delete' }> & { cstId: number; usuarioServicos: MemberServiceItem[] };

/** A dependent's columns (what the save writes); '' is stored as null. */
export interface DependentWrite {
  custName: string;
  custParentesco: number;
  custBirthdate: string;
  custSex: number;
  custCpf: string;
  custAssocCargo: number | null;
  custAssocCargo2: number | null;
  custAssocCargo3: number | null;
  custAssocCargo4: number | null;
  custPhotoKey?: string;
}

/**
 * The holder's dependents (customers rows whose parent_id is the holder `c`) as one JSON array, each with its
 * services: the services' own expression (member-services) runs over a one-column row aliased `c` holding the
 * dependent's cst_id, so it needs no change for dependents.
 */
export function dependentsJson(servicesExpression: string) {
  const dependent = jsonObjectOf(customers, 'd', [
    'cstId',
    'custName',
    'custParentesco',
    'custBirthdate',
    'custSex',
    'custCpf',
    'custPhotoKey',
    'custAssocCargo',
    'custAssocCargo2',
    'custAssocCargo3',
    'custAssocCargo4',
    'version',
    ['usuarioServicos', `(select ${servicesExpression} from (select d.cst_id) as c(cst_id))`],
    ['operation', `'none'`],
  ]);
  return `coalesce((select json_agg(${dependent} order by d.cust_birthdate nulls last, d.cst_id)
  from customers d where d.parent_id = c.cst_id), '[]'::json)`;
}

export function createMemberDependentsRepository(servicesExpression: string) {
  const expression = dependentsJson(servicesExpression);
  const fromJson = (value: unknown) => (value ?? []) as StoredDependent[];
  return {
    /** The rows the member's load reads in its own statement. */
    json: { expression, fromJson },

    /** The holder's dependents (same rows as `json`), in one statement. */
    async load(tx: Executor, holderId: number): Promise<StoredDependent[]> {
      const result = await tx.execute<{ list: unknown }>(sql`select ${sql.raw(expression)} as list from (select ${holderId}::int) as c(cst_id)`);
      return fromJson(result.rows[0]?.list);
    },

    async insert(tx: Executor, holderId: number, values: DependentWrite): Promise<number> {
      const [row] = await tx
        .insert(customers)
        .values({ ...values, parentId: holderId, custSocio: 'N' })
        .returning({ cstId: customers.cstId });
      return row!.cstId;
    },

    async update(tx: Executor, holderId: number, cstId: number, values: Partial<DependentWrite>) {
      await tx
        .update(customers)
        .set({ ...values, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customers.cstId, cstId), eq(customers.parentId, holderId)));
    },

    async remove(tx: Executor, holderId: number, cstId: number) {
      await tx.delete(customers).where(and(eq(customers.cstId, cstId), eq(customers.parentId, holderId)));
    },
  };
}

export type MemberDependentsRepository = ReturnType<typeof createMemberDependentsRepository>;
