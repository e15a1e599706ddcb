import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MemberServiceItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { customers, customerServices, products, servicePlugins, services } from '../../db/schema/index.js';
import type { ChildListContext } from '../members/child-lists.js';
import { jsonObjectOf } from '../../lib/json-columns.js';
import { checkRows, enrichRows, rowValues, type RowPath } from './member-services.rules.js';

/** What the registry says of a service, as the rules read it. */
export interface RegistryService {
  svcId: number;
  svcName: string;
  sucId: number;
  sucName: string;
  plugin: string | null;
  svcPermiteDuplicado: boolean;
  svcPermiteDependente: boolean;
  svcMin: number;
  svcMax: number;
  deleted: boolean;
}

/**
 * A person's rows as one JSON array over its customers row `c` (the member's load reads them in its statement):
 * the same fields, in the same order, as `load` (integers, text and dates keep their values in JSON).
 */
const SERVICE_OBJECT = jsonObjectOf(customerServices, 'cs', [
  'cslId',
  'svcId',
  ['svcName', 'sv.svc_name'],
  ['svcEditPlugin', 'sp.plugin'],
  ['sucId', 'sv.suc_id'],
  ['sucName', 'p.suc_name'],
  'valor',
  'cslQuantidade',
  'cslInt1',
  'cslInt4',
  'cslInt5',
  'cslStr1',
  'cslStr2',
  'cslStr3',
  'cslStr4',
  'cslDate1',
  'cslValue1',
  'cslValue2',
  'cslInicio',
  'cslFim',
  'version',
  ['operation', `'none'`],
]);
const SERVICES_JSON = `coalesce((select json_agg(${SERVICE_OBJECT} order by cs.csl_id)
  from customer_services cs join services sv on sv.svc_id = cs.svc_id join products p on p.suc_id = sv.suc_id
  left join service_plugins sp on sp.svc_id = cs.svc_id
  where cs.cst_id = c.cst_id), '[]'::json)`;

/** The holder's list: errors point at `/usuarioServicos/{index}/{field}`. */
const holderPath: RowPath = (index, field) => `/usuarioServicos/${index}${field ? `/${field}` : ''}`;

/**
 * The member's service rows (holder or dependent: the dependents' list calls load, json, enrich and apply for each
 * dependent's nested rows). `enrich` and `apply` run the rules of member-services.rules.ts.
 */
export function createMemberServicesRepository() {
  const repo = {
    /** The rows of one person (holder or dependent), with their service, product and plugin, marked none. */
    async load(tx: Executor, cstId: number): Promise<MemberServiceItem[]> {
      const rows = await tx
        .select({
          cslId: customerServices.cslId,
          svcId: customerServices.svcId,
          svcName: services.svcName,
          svcEditPlugin: servicePlugins.plugin,
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
        .leftJoin(servicePlugins, eq(servicePlugins.svcId, customerServices.svcId))
        .where(eq(customerServices.cstId, cstId))
        .orderBy(customerServices.cslId);
      return rows.map((row) => ({ ...row, operation: 'none' as const }));
    },

    /** The rows as the member's load reads them in its own statement (see `load`). */
    json: { expression: SERVICES_JSON, fromJson: (value: unknown) => value as MemberServiceItem[] },

    /** The registry's rules of these services (deleted ones included, flagged). */
    async registry(tx: Executor, svcIds: readonly number[]): Promise<Map<number, RegistryService>> {
      const ids = [...new Set(svcIds)];
      const out = new Map<number, RegistryService>();
      if (!ids.length) return out;
      const rows = await tx
        .select({
          svcId: services.svcId,
          svcName: services.svcName,
          sucId: services.sucId,
          sucName: products.sucName,
          plugin: servicePlugins.plugin,
          svcPermiteDuplicado: services.svcPermiteDuplicado,
          svcPermiteDependente: services.svcPermiteDependente,
          svcMin: services.svcMin,
          svcMax: services.svcMax,
          deleted: sql<boolean>`${services.deletedAt} is not null`,
        })
        .from(services)
        .innerJoin(products, eq(products.sucId, services.sucId))
        .leftJoin(servicePlugins, eq(servicePlugins.svcId, services.svcId))
        .where(inArray(services.svcId, ids));
      for (const r of rows) out.set(r.svcId, r);
      return out;
    },

    /** The person the rows belong to: a dependent (parent set) or a holder, and the birth date (age rules). */
    async person(tx: Executor, cstId: number): Promise<{ isDependent: boolean; birthdate: string | null } | null> {
      const [row] = await tx
        .select({ parentId: customers.parentId, birthdate: customers.custBirthdate })
        .from(customers)
        .where(eq(customers.cstId, cstId));
      return row ? { isDependent: row.parentId !== null, birthdate: row.birthdate } : null;
    },

    /** Every service's plugin (GET servicos/plugins). */
    async plugins(tx: Executor) {
      return tx.select({ svcId: servicePlugins.svcId, plugin: servicePlugins.plugin }).from(servicePlugins).orderBy(servicePlugins.svcId);
    },

    async insert(tx: Executor, cstId: number, item: MemberServiceItem) {
      await tx.insert(customerServices).values({ cstId, ...rowValues(item) });
    },

    async update(tx: Executor, cstId: number, item: MemberServiceItem) {
      await tx
        .update(customerServices)
        .set({ ...rowValues(item), version: sql`${customerServices.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(customerServices.cslId, item.cslId!), eq(customerServices.cstId, cstId)));
    },

    async remove(tx: Executor, cstId: number, cslId: number) {
      await tx.delete(customerServices).where(and(eq(customerServices.cslId, cslId), eq(customerServices.cstId, cstId)));
    },
  };
  return {
    ...repo,
    /**
     * Before the member's rules (Sócio, plugins) are checked: the registry's names, product and plugin on every row,
     * and the stored rows the body left out (marked none), so the rules read the person's real rows.
     */
    async enrich(tx: Executor, items: MemberServiceItem[], stored: readonly MemberServiceItem[] = []): Promise<MemberServiceItem[]> {
      const registry = await repo.registry(
        tx,
        items.filter((i) => i.operation === 'insert').map((i) => i.svcId),
      );
      return enrichRows(items, stored, registry, null);
    },

    /**
     * Writes the marked rows of one person after the rules (roles when `ctx` is given — the holder's list; the
     * dependents' list checks v2depservicoedit itself —, duplicates, dependent and age rules, plugin rules): a
     * refusal throws before anything is written. An update that changes nothing writes nothing.
     */
    async apply(tx: Executor, cstId: number, items: MemberServiceItem[], ctx?: ChildListContext) {
      if (!items.some((i) => i.operation !== 'none')) return;
      const path = ctx ? holderPath : null;
      const stored = await repo.load(tx, cstId);
      const person = (await repo.person(tx, cstId)) ?? { isDependent: false, birthdate: null };
      const insertIds = items.filter((i) => i.operation === 'insert').map((i) => i.svcId);
      const registry = await repo.registry(tx, [...insertIds, ...stored.map((s) => s.svcId)]);
      const rows = enrichRows(items, stored, registry, path);
      const plan = checkRows({ items: rows, stored, registry, person, roles: ctx?.roles, path });
      for (const cslId of plan.remove) await repo.remove(tx, cstId, cslId);
      for (const item of plan.update) await repo.update(tx, cstId, item);
      for (const item of plan.insert) await repo.insert(tx, cstId, item);
    },
  };
}

export type MemberServicesRepository = ReturnType<typeof createMemberServicesRepository>;
