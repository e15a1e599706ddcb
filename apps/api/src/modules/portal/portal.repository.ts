import { asc, eq, sql } from 'drizzle-orm';
import type { PortalDependent } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

/** The portal's own reads (the member's row and save are the members module's). */
export function createPortalRepository() {
  return {
    /** The holder's dependents as the portal lists them (oldest first, as the staff tab). */
    dependents: (tx: Executor, holderId: number): Promise<PortalDependent[]> =>
      tx
        .select({
          cstId: customers.cstId,
          custName: customers.custName,
          custParentesco: customers.custParentesco,
          custBirthdate: customers.custBirthdate,
          custCpf: customers.custCpf,
          // A dependent with a death date is Falecido (5) whatever its stored situation; otherwise the stored one, if any.
          custAssocSituacao: sql<number | null>`case when ${customers.custDeceased} is not null then 5 else ${customers.custAssocSituacao} end`,
        })
        .from(customers)
        .where(eq(customers.parentId, holderId))
        .orderBy(sql`${customers.custBirthdate} nulls last`, asc(customers.cstId)),
  };
}

export type PortalRepository = ReturnType<typeof createPortalRepository>;
