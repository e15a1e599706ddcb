import {
  addServiceRefusal,
  canActOnService,
  isCchPlugin,
  isoDateInAppZone,
  liveItems,
  memberMessages,
  memberServiceMessages as msg,
  memberServiceRoles,
  pluginIssues,
  type MemberServiceItem,
} from '@assoc/domain';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { RegistryService } from './member-services.repository.js';

/** Where a row's error points: the holder's list (`/usuarioServicos/2/cslStr1`), or none (a dependent's nested rows). */
export type RowPath = ((index: number, field?: string) => string) | null;

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The columns a row writes (the read-only service/product names and the plugin come from the registry). */
export function rowValues(item: MemberServiceItem) {
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

const refuse = (message: string, path: RowPath, index: number, field?: string) => {
  if (!path) return badRequest(message);
  const instancePath = path(index, field);
  return badRequest(`${instancePath.slice(1).replace(/\//g, '.')}: ${message}`, { errors: [{ instancePath, message }] });
};

const SERVICES_LABEL = 'Serviços';
const CCH_LABEL = 'Serviços CCH';

const same = (a: MemberServiceItem, b: MemberServiceItem) => JSON.stringify(rowValues(a)) === JSON.stringify(rowValues(b));

/**
 * Fills the read-only fields of the rows from the registry (service and product names, sucId, plugin) and
 * adds the stored rows the body did not mention (marked none), so the rules (Sócio, duplicates) read the real
 * rows. A row marked update, delete or none must be one of the person's stored rows; an inserted row's service must
 * exist and be live.
 */
export function enrichRows(
  items: readonly MemberServiceItem[],
  stored: readonly MemberServiceItem[],
  registry: ReadonlyMap<number, RegistryService>,
  path: RowPath,
): MemberServiceItem[] {
  const byId = new Map(stored.filter((s) => s.cslId !== undefined).map((s) => [s.cslId!, s]));
  const mentioned = new Set<number>();
  const out: MemberServiceItem[] = [];
  for (const [index, item] of items.entries()) {
    if (item.operation === 'insert') {
      const service = registry.get(item.svcId);
      if (!service || service.deleted) throw refuse(msg.unknownService, path, index, 'svcId');
      out.push({
        ...item,
        cslId: undefined,
        svcName: service.svcName,
        sucId: service.sucId,
        sucName: service.sucName,
        svcEditPlugin: service.plugin,
      });
      continue;
    }
    const current = item.cslId !== undefined ? byId.get(item.cslId) : undefined;
    if (!current) throw refuse(msg.unknownService, path, index);
    mentioned.add(current.cslId!);
    if (item.operation === 'none') {
      out.push(current);
      continue;
    }
    // The service of a stored row does not change (a new service is a new row).
    out.push({
      ...item,
      svcId: current.svcId,
      svcName: current.svcName,
      sucId: current.sucId,
      sucName: current.sucName,
      svcEditPlugin: current.svcEditPlugin,
    });
  }
  for (const s of stored) if (s.cslId !== undefined && !mentioned.has(s.cslId)) out.push({ ...s, operation: 'none' });
  return out;
}

/**
 * The rules of spec 1 §4-§6 over a person's rows before anything is written (a refusal throws, the save rolls
 * back): per-action roles (when `roles` is given: the holder's list; a dependent's rows are checked by the
 * dependents' list with v2depservicoedit), the CCH roles and toggles, duplicates, the registry's dependent and age
 * rules for new rows, and the plugin rules with the registry's plugin. Answers the rows that change, each with
 * what the repository does with it.
 */
export function checkRows(args: {
  items: readonly MemberServiceItem[];
  stored: readonly MemberServiceItem[];
  registry: ReadonlyMap<number, RegistryService>;
  person: { isDependent: boolean; birthdate: string | null };
  roles?: readonly string[];
  path: RowPath;
  today?: Date;
}): { insert: MemberServiceItem[]; update: MemberServiceItem[]; remove: number[] } {
  const { items, stored, registry, person, roles, path } = args;
  const today = args.today ?? new Date();
  const todayIso = isoDateInAppZone(today);
  const byId = new Map(stored.filter((s) => s.cslId !== undefined).map((s) => [s.cslId!, s]));
  const result = { insert: [] as MemberServiceItem[], update: [] as MemberServiceItem[], remove: [] as number[] };
  const need = (ok: boolean, label: string) => {
    if (!ok) throw forbidden(memberMessages.sectionForbidden(label));
  };
  const may = (action: 'add' | 'edit' | 'delete', plugin: string | null | undefined, insertedNow = false) =>
    !roles || canActOnService(action, plugin, roles, { isDependent: person.isDependent, insertedNow });
  const label = (plugin: string | null | undefined) => (isCchPlugin(plugin) ? CCH_LABEL : SERVICES_LABEL);

  // Roles first: a refused action writes nothing, whatever else the body holds.
  for (const item of items) {
    const plugin = item.svcEditPlugin;
    if (item.operation === 'insert') {
      need(may('add', plugin, true), label(plugin));
      if (roles && item.cslInt4 === 1) need(roles.includes(memberServiceRoles.cchIgnoreEnrolment), CCH_LABEL);
      if (roles && item.cslInt5 === 1) need(roles.includes(memberServiceRoles.cchIgnoreHistory), CCH_LABEL);
    } else if (item.operation === 'delete') {
      need(may('delete', plugin), label(plugin));
    } else if (item.operation === 'update') {
      const current = byId.get(item.cslId!)!;
      if (same(item, current)) continue;
      need(may('edit', plugin), label(plugin));
      if (roles && (item.cslInt4 ?? null) !== (current.cslInt4 ?? null)) need(roles.includes(memberServiceRoles.cchIgnoreEnrolment), CCH_LABEL);
      if (roles && (item.cslInt5 ?? null) !== (current.cslInt5 ?? null)) need(roles.includes(memberServiceRoles.cchIgnoreHistory), CCH_LABEL);
    }
  }

  const live = liveItems(items);
  for (const [index, item] of items.entries()) {
    if (item.operation !== 'insert' && item.operation !== 'update') continue;
    const current = item.operation === 'update' ? byId.get(item.cslId!)! : null;
    if (current && same(item, current)) continue;
    for (const issue of pluginIssues(item.svcEditPlugin, item, { inserting: item.operation === 'insert', today: todayIso }))
      throw refuse(issue.message, path, index, issue.path);
    if (item.operation === 'insert') {
      const service = registry.get(item.svcId)!;
      const others = live.filter((r) => r !== item);
      const refusal = addServiceRefusal(service, person, others, today);
      if (refusal) throw refuse(refusal, path, index, 'svcId');
      result.insert.push(item);
    } else result.update.push(item);
  }
  for (const item of items) if (item.operation === 'delete') result.remove.push(item.cslId!);
  return result;
}
