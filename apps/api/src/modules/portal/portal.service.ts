import {
  isActiveMagistrateMember,
  memberMessages,
  portalEditableFields,
  portalMessages,
  sectionOfField,
  type MemberData,
  type MemberSection,
  type PortalRecord,
  type PortalSave,
} from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AppEventBus } from '../../plugins/app/events.js';
import type { MembersService } from '../members/members.service.js';
import type { PortalRepository } from './portal.repository.js';

/**
 * The member save's section rule (decision 1) for a portal save: the edit roles of the sections that own the portal's
 * editable fields, and only those. The body is already a strict object of those fields (portalSaveSchema), so no other
 * field can reach the save; these roles let the one member save (validation, version, audit) run for the member.
 */
export const portalSaveRoles: readonly string[] = [
  ...new Set(portalEditableFields.flatMap((field) => (sectionOfField(field) as MemberSection | undefined)?.edit ?? [])),
];

const text = (v: unknown) => (v === undefined || v === null ? null : String(v));

/**
 * The portal's Cadastro (spec 3 §2.15, §4, §7): the member's own form, and its save through the members module's one
 * save (same rules, version → 409, one transaction, audited as the member's change, version bumped), then a
 * `memberChanged` notice to staff sockets after the commit.
 */
export function createPortalService(deps: { db: Db; repo: PortalRepository; members: MembersService; events: AppEventBus }) {
  const { db, repo, members, events } = deps;

  return {
    async get(cstId: number): Promise<PortalRecord> {
      const record = await members.loadRecord(cstId);
      if (!record) throw notFound();
      if (record.parentId !== null) throw badRequest(memberMessages.dependentNotHolder);
      const dependentes = await repo.dependents(db, cstId);
      const bank = record.bankAccount;
      return {
        cstId: record.cstId,
        version: record.version,
        custName: record.custName ?? '',
        custTreatment: text(record.custTreatment),
        custBirthdate: text(record.custBirthdate),
        custSex: record.custSex ?? null,
        custEstadoCivil: record.custEstadoCivil ?? null,
        custRg: text(record.custRg),
        custCpf: text(record.custCpf),
        custFiliacaoMae: text(record.custFiliacaoMae),
        custFiliacaoPai: text(record.custFiliacaoPai),
        custNumeroInterno: text(record.custNumeroInterno),
        custStatus: text(record.custStatus),
        custAssocSituacao: record.custAssocSituacao ?? null,
        custEmail: text(record.custEmail),
        custCelularDdd: text(record.custCelularDdd),
        custCelular: text(record.custCelular),
        custConcurso: text(record.custConcurso),
        custAdmissao: text(record.custAdmissao),
        custSaida: text(record.custSaida),
        custMarriage: text(record.custMarriage),
        custAposentadoria: text(record.custAposentadoria),
        custDeceased: text(record.custDeceased),
        bankAccount: bank
          ? {
              bankName: text(bank.bankName),
              bnkaccBranch: text(bank.bnkaccBranch),
              bnkaccBranchDigit: text(bank.bnkaccBranchDigit),
              bnkaccAccount: text(bank.bnkaccAccount),
              bnkaccAccountDigit: text(bank.bnkaccAccountDigit),
            }
          : null,
        enderecoSelected: record.enderecoSelected ?? 1,
        custExtratoPorEmail: record.custExtratoPorEmail ?? false,
        custComunicacao: record.custComunicacao ?? 1,
        custRecusaCampanhas: record.custRecusaCampanhas ?? false,
        enderecoResidencial: record.enderecoResidencial!,
        enderecoComercial: record.enderecoComercial!,
        // Spec 3 §2.15: the forum address only for an active member (H, J, M, N with situation 1).
        enderecoForum: isActiveMagistrateMember(record) ? record.enderecoForum! : null,
        custContatoNome: text(record.custContatoNome),
        custContatoParentesco: record.custContatoParentesco ?? null,
        custContatoFoneDdd: text(record.custContatoFoneDdd),
        custContatoFone: text(record.custContatoFone),
        custContatoEmail: text(record.custContatoEmail),
        dependentes: dependentes.map((d) => ({ ...d, custBirthdate: text(d.custBirthdate), custCpf: text(d.custCpf) })),
      };
    },

    async save(cstId: number, body: PortalSave, actor: Actor) {
      const saved = await members.update(cstId, body as unknown as MemberData, { actor, roles: portalSaveRoles });
      // After the commit (members.update resolved): staff screens showing this member see that it changed.
      events.emit('memberChanged', { role: 'v2access' }, { cstId: saved.cstId, version: saved.version });
      return { cstId: saved.cstId, version: saved.version, message: portalMessages.saved };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
