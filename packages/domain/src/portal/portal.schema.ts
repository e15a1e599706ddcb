/**
 * The member portal's Cadastro and Dependentes (spec 3 §2.15, §3 "Portal member fields", §5 "Portal: personal data,
 * bank data and dependents read-only"; issue 28 items 1 and 2).
 *
 * GET user/portal/{cstId} answers `portalRecordSchema`: every field the Cadastro tab shows, read-only ones included,
 * the forum address only for an active member, the dependents as a view list and the member's version.
 * PUT user/portal/{cstId} takes `portalSaveSchema`: ONLY the portal's editable fields plus `version`, a strict object
 * (any other key is 400 naming it, nothing written). Each field keeps the staff record's own rule (picked from
 * memberObjectSchema); the cross-field rules (phone pairs, the default address's zip) run on the server over the
 * merged member, as the staff save does, so a portal save and a staff save refuse the same values with the same text.
 *
 * The automatic I.R. by e-mail toggle (custIRPorEmail) is not the portal's: spec 3 §2.15 and §6 hide it from v2portal
 * users, so the portal neither shows nor takes it (docs/PORTAL.md).
 */
import { z } from 'zod';
import { crossFieldRules } from '../validation.js';
import { recordVersion } from '../record-version.js';
import { genericMessages as m } from '../messages.js';
import { addressObjectSchema, checkAddress, checkMemberRules, memberObjectSchema, type MemberValues } from '../members/member.schema.js';
import { portalMessages } from './portal.messages.js';

/**
 * The portal's editable fields (spec 3 §2.15): e-mail, mobile, Concurso, options (with the opt-out of campaigns, issue 29
 * item 2), two addresses and the contact.
 */
export const portalEditableFields = [
  'custEmail',
  'custCelularDdd',
  'custCelular',
  'custConcurso',
  'enderecoSelected',
  'custExtratoPorEmail',
  'custComunicacao',
  'custRecusaCampanhas',
  'enderecoResidencial',
  'enderecoComercial',
  'custContatoNome',
  'custContatoParentesco',
  'custContatoFoneDdd',
  'custContatoFone',
  'custContatoEmail',
] as const;
export type PortalEditableField = (typeof portalEditableFields)[number];

/** A strict object: an unknown key is refused with a pt-BR message naming it. */
const strictError = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys' ? portalMessages.notEditable((issue as { keys: string[] }).keys) : undefined;

/** An address as the portal sends it: the staff record's address fields and rules, nothing else. */
const portalAddressSchema = z
  .strictObject(addressObjectSchema.shape, { error: strictError })
  .superRefine(...crossFieldRules(checkAddress))
  .optional();

const memberField = memberObjectSchema.shape;

/** The body of PUT user/portal/{cstId}: an absent field keeps the stored value; `version` is required (decision 5). */
export const portalSaveSchema = z.strictObject(
  {
    custEmail: memberField.custEmail,
    custCelularDdd: memberField.custCelularDdd,
    custCelular: memberField.custCelular,
    custConcurso: memberField.custConcurso,
    enderecoSelected: memberField.enderecoSelected,
    custExtratoPorEmail: memberField.custExtratoPorEmail,
    custComunicacao: memberField.custComunicacao,
    custRecusaCampanhas: memberField.custRecusaCampanhas,
    enderecoResidencial: portalAddressSchema,
    enderecoComercial: portalAddressSchema,
    custContatoNome: memberField.custContatoNome,
    custContatoParentesco: memberField.custContatoParentesco,
    custContatoFoneDdd: memberField.custContatoFoneDdd,
    custContatoFone: memberField.custContatoFone,
    custContatoEmail: memberField.custContatoEmail,
    version: z.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }),
  } satisfies Record<PortalEditableField | 'version', z.ZodType>,
  { error: strictError },
);
export type PortalSaveInput = z.input<typeof portalSaveSchema>;
export type PortalSave = z.output<typeof portalSaveSchema>;

/** The same body with the staff record's cross-field rules (the phone pairs), for a client that checks before sending. */
export const portalSaveCheckedSchema = portalSaveSchema.superRefine(
  ...crossFieldRules((v: PortalSave, ctx) => checkMemberRules(v as MemberValues, ctx as z.RefinementCtx)),
);

// ---------------------------------------------------------------------------------------------
// GET user/portal/{cstId}

const text = () => z.string().nullable();
const readAddress = addressObjectSchema;

/** A dependent as the portal lists it (view only). */
export const portalDependentSchema = z.object({
  cstId: z.number().int(),
  custName: z.string(),
  custParentesco: z.number().int().nullable(),
  /** ISO date or null. */
  custBirthdate: text(),
  /** Digits (the web formats it). */
  custCpf: text(),
  /** 1 Ativo, 2 Aposentado, 5 Falecido (memberSituations). */
  custAssocSituacao: z.number().int().nullable(),
});
export type PortalDependent = z.output<typeof portalDependentSchema>;

/** The portal's Cadastro form: read-only fields (personal data, dates, bank data), the editable ones and the dependents. */
export const portalRecordSchema = z.object({
  cstId: z.number().int(),
  version: recordVersion(),
  // personal data (read-only but e-mail and mobile)
  custName: z.string(),
  custTreatment: text(),
  custBirthdate: text(),
  custSex: z.number().int().nullable(),
  custEstadoCivil: z.number().int().nullable(),
  custRg: text(),
  custCpf: text(),
  custFiliacaoMae: text(),
  custFiliacaoPai: text(),
  custNumeroInterno: text(),
  custStatus: text(),
  custAssocSituacao: z.number().int().nullable(),
  custEmail: text(),
  custCelularDdd: text(),
  custCelular: text(),
  // magistrate panel
  custConcurso: text(),
  // dates panel (read-only)
  custAdmissao: text(),
  custSaida: text(),
  custMarriage: text(),
  custAposentadoria: text(),
  custDeceased: text(),
  // bank data (read-only)
  bankAccount: z
    .object({ bankName: text(), bnkaccBranch: text(), bnkaccBranchDigit: text(), bnkaccAccount: text(), bnkaccAccountDigit: text() })
    .nullable(),
  // options
  enderecoSelected: z.number().int(),
  custExtratoPorEmail: z.boolean(),
  custComunicacao: z.number().int(),
  /** The member's opt-out of Marketing campaigns (issue 29 item 2; the staff Configurações tab's "Recusa campanhas"). */
  custRecusaCampanhas: z.boolean(),
  // addresses: the forum one (read-only) only for an active member, else null
  enderecoResidencial: readAddress,
  enderecoComercial: readAddress,
  enderecoForum: readAddress.nullable(),
  // contact
  custContatoNome: text(),
  custContatoParentesco: z.number().int().nullable(),
  custContatoFoneDdd: text(),
  custContatoFone: text(),
  custContatoEmail: text(),
  dependentes: z.array(portalDependentSchema),
});
export type PortalRecord = z.output<typeof portalRecordSchema>;

/** Reply of PUT user/portal/{cstId}. */
export const portalSaveReplySchema = z.object({ cstId: z.number().int(), version: z.number().int(), message: z.string() });
