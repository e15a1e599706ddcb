import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MemberServiceItem } from '@assoc/domain';
import type { Executor } from '../../lib/audit.js';
import { customerServices, products, services } from '../../db/schema/index.js';

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The columns a row writes (the read-only service/product names come from the registry). */
function rowValues(item: MemberServiceItem) {
  return {
    svcId: item.svcId,
    valor: item.valor ?? 0,
    cslQuantidade: item.cslQuantidade ?? null,
    cslInt1: item.cslInt1 ?? null,
    cslInt4: item.cslInt4 ?? null,
    cslInt5: item.cslInt5 ?? null,
    cslStr1: emptyToNull(item.cslStr1),
    cslStr2: emptyToNull(item.cslStr2),
    cslStr3: emptyToNull(item.cslStr3),
    cslStr4: emptyToNull(item.cslStr4),
    cslDate1: emptyToNull(item.cslDate1),
    cslValue1: item.cslValue1 ?? null,
    cslValue2: item.cslValue2 ?? null,
    cslInicio: emptyToNull(item.cslInicio),
    cslFim: emptyToNull(item.cslFim),
  };
}

/**
 * A person's rows as one JSON array over its customers row `c` (the member's load reads them in its statement):
 * the same fields, in the same order, as `load` (integers, text and dates keep their values in JSON).
 */
const SERVICES_JSON = `coalesce((select json_agg(json_build_object(
    'cslId', cs.csl_id, 'svcId', cs.svc_id, 'svcName', sv.svc_name, 'sucId', sv.suc_id, 'sucName', p.suc_name, 'valor', cs.valor,
    'cslQuantidade', cs.csl_quantidade, 'cslInt1', cs.csl_int1, 'cslInt4', cs.csl_int4, 'cslInt5', cs.csl_int5,
    'cslStr1', cs.csl_str1, 'cslStr2', cs.csl_str2, 'cslStr3', cs.csl_str3, 'cslStr4', cs.csl_str4, 'cslDate1', cs.csl_date1,
    'cslValue1', cs.csl_value1, 'cslValue2', cs.csl_value2, 'cslInicio', cs.csl_inicio, 'cslFim', cs.csl_fim, 'version', cs.version,
    'svcEditPlugin', null, 'operation', 'none') order by cs.csl_id)
  from customer_services cs join services sv on sv.svc_id = cs.svc_id join products p on p.suc_id = sv.suc_id
  where cs.cst_id = c.cst_id), '[]'::json)`;

export function createMemberServicesRepository() {
  return {
    /** The rows of one person (holder or dependent), with their service, product and plugin, marked none. */
    async load(tx: Executor, cstId: number): Promise<MemberServiceItem[]> {
      const rows = await tx
        .select({
          cslId: customerServices.cslId,
          svcId: customerServices.svcId,
          svcName: services.svcName,
          svcServiceType: services.svcServiceType,
          sucId: services.sucId,
          sucName: products.sucName,
          valor: customerServices.valor,
          cslQuantidade: customerServices.cslQuantidade,
          cslInt1: customerServices.cslInt1,
          cslInt4: customerServices.cslInt4,
          cslInt5: customerServices.cslInt5,
          cslStr1: customerServices.cslStr1,
          cslStr2: customerServices.cslStr2,
          cslStr3: customerServices.cslStr3,
          cslStr4: customerServices.cslStr4,
          cslDate1: customerServices.cslDate1,
          cslValue1: customerServices.cslValue1,
          cslValue2: customerServices.cslValue2,
          cslInicio: customerServices.cslInicio,
          cslFim: customerServices.cslFim,
          version: customerServices.version,
        })
        .from(customerServices)
        .innerJoin(services, eq(services.svcId, customerServices.svcId))
        .innerJoin(products, eq(products.sucId, services.sucId))
        .where(eq(customerServices.cstId, cstId))
        .orderBy(customerServices.cslId);
      // The edit plugin (plgCelular, plgHealth…) comes with the Serviços tab (issue 13).
      return rows.map(({ svcServiceType: _type, ...row }) => ({ ...row, svcEditPlugin: null, operation: 'none' as const }));
    },

    /** The rows as the member's load reads them in its own statement (see `load`). */
    json: { expression: SERVICES_JSON, fromJson: (value: unknown) => value as MemberServiceItem[] },

    /**
     * The product (sucId) of each row's service, from the registry (the Sócio rules read it; the client's is
     * ignored): the stored rows, read from the registry in the same transaction, answer for their services; only
     * the other services are read.
     */
    async enrich(tx: Executor, items: MemberServiceItem[], stored: readonly MemberServiceItem[] = []): Promise<MemberServiceItem[]> {
      const byId = new Map<number, number | null>();
      for (const row of stored) if (row.sucId !== undefined && row.sucId !== null) byId.set(row.svcId, row.sucId);
      const ids = [...new Set(items.map((i) => i.svcId))].filter((id) => !byId.has(id));
      if (ids.length) {
        const rows = await tx.select({ svcId: services.svcId, sucId: services.sucId }).from(services).where(inArray(services.svcId, ids));
        for (const r of rows) byId.set(r.svcId, r.sucId);
      }
      return items.map((i) => ({ ...i, sucId: byId.get(i.svcId) ?? null }));
    },

    /** Inserts, updates and deletes the marked rows of one person. */
    async apply(tx: Executor, cstId: number, items: MemberServiceItem[]) {
      for (const item of items) {
        if (item.operation === 'insert') {
          await tx.insert(customerServices).values({ cstId, ...rowValues(item) });
        } else if (item.operation === 'update' && item.cslId !== undefined && item.cslId > 0) {
          await tx
            .update(customerServices)
            .set({ ...rowValues(item), version: sql`${customerServices.version} + 1`, updatedAt: sql`now()` })
            .where(and(eq(customerServices.cslId, item.cslId), eq(customerServices.cstId, cstId)));
        } else if (item.operation === 'delete' && item.cslId !== undefined && item.cslId > 0) {
          await tx.delete(customerServices).where(and(eq(customerServices.cslId, item.cslId), eq(customerServices.cstId, cstId)));
        }
      }
    },
  };
}
