import {
  canEditSection,
  dependentAssociationFields,
  memberMessages as mm,
  sectionByKey,
  type DependentItem,
  type MemberSection,
  type MemberServiceItem,
} from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { ChildListContext } from '../members/child-lists.js';
import type { createMemberServicesRepository } from '../member-services/member-services.repository.js';
import type { DependentWrite, MemberDependentsRepository, StoredDependent } from './member-dependents.repository.js';

type ServicesRepository = ReturnType<typeof createMemberServicesRepository>;
type PhotoSaver = { savePhoto(dataUrl: string, createdBy?: number | null): Promise<string> };

/** The labels a refusal names (spec 1 §6: the dependents' roles, their services' roles, the association panel's). */
const DEPENDENTS = 'Dependentes';
const DEPENDENT_SERVICES = 'Serviços do dependente';

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** The columns an insert or update writes (the item passed the insert/update rules of dependent.schema.ts). */
function writeValues(item: Extract<DependentItem, { operation: 'insert' | 'update' }>): DependentWrite {
  return {
    custName: item.custName,
    custParentesco: item.custParentesco,
    custBirthdate: item.custBirthdate,
    custSex: item.custSex,
    custCpf: item.custCpf,
    custAssocCargo: item.custAssocCargo ?? null,
    custAssocCargo2: item.custAssocCargo2 ?? null,
    custAssocCargo3: item.custAssocCargo3 ?? null,
    custAssocCargo4: item.custAssocCargo4 ?? null,
  };
}

const comparable = (value: unknown) => (typeof value === 'string' ? emptyToNull(value) : (value ?? null));

/**
 * The dependents of the member save (spec 1 §2 tab Dependentes, §5 "Dependent", §6 roles): each row by its marker,
 * in the save's transaction, with the finer roles of spec 1 §6 (v2depadd, v2depedit, v2depdelete; the dependent's
 * services v2depservicoedit; the association panel v2userdadosassoc). A refusal throws, so the whole save rolls back.
 */
export function createMemberDependentsService(deps: { repo: MemberDependentsRepository; services: ServicesRepository; photos: PhotoSaver }) {
  const { repo, services } = deps;
  const association = sectionByKey('association') as MemberSection;

  async function savePhoto(dataUrl: string, ctx: ChildListContext) {
    try {
      return await deps.photos.savePhoto(dataUrl, ctx.actor.userId);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest(mm.invalidPhoto);
    }
  }

  /**
   * The dependent's service rows by their markers, through the services' own repository (its rules: duplicates,
   * the registry's dependent and age rules, plugins); v2depservicoedit was checked here.
   */
  async function applyServices(tx: Executor, cstId: number, items: MemberServiceItem[], stored: MemberServiceItem[]) {
    if (!items.some((s) => s.operation !== 'none')) return;
    // Only the dependent's own rows are updated or deleted (the repository's statements also match the cstId).
    const own = new Set(stored.map((s) => s.cslId));
    for (const s of items)
      if (s.operation !== 'insert' && s.operation !== 'none' && (s.cslId === undefined || !own.has(s.cslId))) throw badRequest(mm.dependentNotFound);
    await services.apply(tx, cstId, items);
  }

  return {
    load: (tx: Executor, holderId: number) => repo.load(tx, holderId),
    json: repo.json,

    async apply(tx: Executor, holderId: number, items: DependentItem[], ctx: ChildListContext) {
      const has = (role: string) => ctx.roles.includes(role);
      const need = (ok: boolean, label: string) => {
        if (!ok) throw forbidden(mm.sectionForbidden(label));
      };
      const stored = ctx.inserting ? [] : await repo.load(tx, holderId);
      const byId = new Map<number, StoredDependent>(stored.map((d) => [d.cstId, d]));

      for (const [index, item] of items.entries()) {
        if (item.operation === 'none') continue;
        const nested = item.usuarioServicos;
        const nestedChanged = nested?.some((s) => s.operation !== 'none') ?? false;
        if (nestedChanged) need(has('v2depservicoedit'), DEPENDENT_SERVICES);

        if (item.operation === 'insert') {
          need(has('v2depadd'), DEPENDENTS);
          const values = writeValues(item);
          if (dependentAssociationFields.some((f) => values[f] !== null)) need(canEditSection(association, ctx.roles), association.label);
          // A new dependent without a cropped photo keeps none: the placeholder photo is served for it.
          if (item.custPhoto) values.custPhotoKey = await savePhoto(item.custPhoto, ctx);
          const cstId = await repo.insert(tx, holderId, values);
          await applyServices(
            tx,
            cstId,
            (nested ?? []).filter((s) => s.operation === 'insert'),
            [],
          );
          continue;
        }

        const current = item.cstId !== undefined ? byId.get(item.cstId) : undefined;
        if (!current) throw badRequest(mm.dependentNotFound);

        if (item.operation === 'delete') {
          need(has('v2depdelete'), DEPENDENTS);
          // Spec 1 §5: the stored services count unless this save deletes them.
          const deleting = new Set((nested ?? []).filter((s) => s.operation === 'delete').map((s) => s.cslId));
          if (current.usuarioServicos.some((s) => !deleting.has(s.cslId)))
            throw badRequest(mm.dependentHasServices, {
              errors: [{ instancePath: `/parentFilhos/${index}/operation`, message: mm.dependentHasServices }],
            });
          await applyServices(
            tx,
            current.cstId,
            (nested ?? []).filter((s) => s.operation === 'delete'),
            current.usuarioServicos,
          );
          await repo.remove(tx, holderId, current.cstId);
          continue;
        }

        // update: only what differs from the stored row is written, each part under its own role.
        const values = writeValues(item as Extract<DependentItem, { operation: 'update' }>);
        const changed: Partial<DependentWrite> = {};
        for (const [key, value] of Object.entries(values) as [keyof DependentWrite, DependentWrite[keyof DependentWrite]][]) {
          if (comparable(value) !== comparable((current as Record<string, unknown>)[key])) (changed as Record<string, unknown>)[key] = value;
        }
        const keys = Object.keys(changed);
        if (keys.some((k) => !(dependentAssociationFields as readonly string[]).includes(k)) || item.custPhoto) need(has('v2depedit'), DEPENDENTS);
        if (keys.some((k) => (dependentAssociationFields as readonly string[]).includes(k)))
          need(canEditSection(association, ctx.roles), association.label);
        if (item.custPhoto) changed.custPhotoKey = await savePhoto(item.custPhoto, ctx);
        if (Object.keys(changed).length) await repo.update(tx, holderId, current.cstId, changed);
        if (nested) await applyServices(tx, current.cstId, nested, current.usuarioServicos);
      }
    },
  };
}
