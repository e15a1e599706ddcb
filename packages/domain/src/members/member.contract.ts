import { z } from 'zod';
import type { Role } from '../access/roles.js';
import { binaryReply, defineContract } from '../contract/route-contract.js';
import { genericMessages } from '../messages.js';
import { memberMessages } from './member.messages.js';
import { memberRecordSchema, memberSaveSchema } from './member.schema.js';

const tags = ['associado'] as const;

const idText = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

/** user/{cstId}: a member id; POST takes -1 (a new member). */
export const memberIdParamsSchema = z.object({ cstId: idText(memberMessages.invalidMemberId) });
export const newMemberParamsSchema = z.object({ cstId: z.literal('-1', { error: memberMessages.invalidMemberId }).transform(() => -1) });

/** Reply of POST/PUT user/{cstId}. */
export const memberSaveReplySchema = z.object({ cstId: z.number().int(), version: z.number().int(), message: z.string() });

/** GET user/cpf/{cpf}/{cstId}: how many other people hold this CPF (above zero: 'CPF já cadastrado'). */
export const cpfCheckReplySchema = z.object({ status: z.enum(['ok', 'duplicate']), count: z.number().int() });

/** Histórico de cargos (spec 1 §3 "Position history"): timestamps (ISO), shown DD/MM/YYYY HH:mm:ss. */
export const positionHistoryItemSchema = z.object({ dataEntrada: z.string(), dataSaida: z.string().nullable(), cargo: z.string() });

/** One past change of a member (side list of audit mode). */
export const memberAuditItemSchema = z.object({
  auditId: z.number().int(),
  /** Who changed it and their member id (for the thumbnail), when known. */
  ownerName: z.string(),
  ownerId: z.number().int().nullable(),
  ownerPhotoKey: z.string().nullable(),
  /** ISO timestamp. */
  auditTimestamp: z.string(),
  action: z.string(),
});
export type MemberAuditItem = z.output<typeof memberAuditItemSchema>;

const option = z.object({ value: z.number().int(), label: z.string() });
const letterOption = z.object({ value: z.string(), label: z.string() });

/** GET datacache: the lookup lists of the member forms; `version` changes whenever a source registry does. */
export const dataCacheSchema = z.object({
  version: z.string(),
  civilStatuses: z.array(option),
  kinships: z.array(option),
  /** custStatus letters (Perfil). */
  profiles: z.array(letterOption),
  /** cust{product}Situacao. */
  situations: z.array(option),
  /** Financeiro (custFinanceiroStatus). */
  financialStatuses: z.array(letterOption),
  /** Debit places (bnkId) with their bank codes. */
  banks: z.array(z.object({ bnkId: z.number().int(), bankName: z.string(), bankCode: z.string().nullable() })),
  /** Association positions (Cargo 1 to 4). */
  positions: z.array(z.object({ afcId: z.number().int(), afcCargo: z.string() })),
  /** Magistrate positions of the Localização tab and the Designado/Provisório panels (apcId). */
  forumPositions: z.array(z.object({ afcId: z.number().int(), afcCargo: z.string() })),
  forums: z.array(z.object({ apfId: z.number().int(), forShort: z.string() })),
  locals: z.array(z.object({ locId: z.number().int(), apfId: z.number().int(), locName: z.string() })),
  /** Health-plan services (svcId, name). */
  healthPlans: z.array(option),
  treatments: z.array(z.string()),
  communicationPreferences: z.array(option),
  /** Deceased holders a widow(er) may name (falId). */
  deceasedSpouses: z.array(option),
  /** Label printing types (GET label/{a}/{b}/{c}). */
  labelTypes: z.array(option),
  /** The follow-up row's fixed lists (spec 2 §3): atdStatus, atdTipo, atdDepartamento, atdAssunto (with its department). */
  followUpStatuses: z.array(option),
  followUpTypes: z.array(option),
  followUpDepartments: z.array(option),
  followUpSubjects: z.array(z.object({ value: z.number().int(), label: z.string(), department: z.number().int() })),
});
export type DataCache = z.output<typeof dataCacheSchema>;

/**
 * GET datacache's lists of people (deceasedSpouses: names and ids of deceased holders) go only to users who edit
 * members (all of these roles; issue 22 item 8). Anyone else gets them empty, except a portal member, who gets the
 * spouse named on their own record.
 */
export const personalLookupRoles = ['v2access', 'v2userallowupdate'] as const satisfies readonly Role[];
export const canReadPersonalLookups = (roles: readonly string[]) => personalLookupRoles.every((role) => roles.includes(role));

/**
 * The audit categories a member's list may name (GET audits/{cstId}/{category}: rows whose owner is that id) and the
 * roles (all of them) a user needs to read each, besides v2userallowaudit (issue 22 item 7): a list shows what the
 * matching part of the record shows, so it needs that part's view role. Sign-in events (owner = a user id) and access
 * changes are superadmin's, as on Eventos de segurança; credits need the role that issues them.
 */
export const auditCategoryRoles = {
  users: [],
  documentos: ['v2docview'],
  emails: ['v2eml'],
  atendimentos: ['v2atd'],
  extrato: ['v2tabextratos'],
  cobrancas: ['v2cobrancaview'],
  credito: ['v2cobrancanew'],
  acessos: ['superadmin'],
  security: ['superadmin'],
} as const satisfies Record<string, readonly Role[]>;
export type AuditCategory = keyof typeof auditCategoryRoles;
export const auditCategories = Object.keys(auditCategoryRoles) as [AuditCategory, ...AuditCategory[]];

/** Whether these roles may read this audit category's list (its own roles; v2userallowaudit is the route's). */
export function canReadAuditCategory(roles: readonly string[], category: AuditCategory): boolean {
  return auditCategoryRoles[category].every((role: Role) => roles.includes(role));
}

/** An unknown category answers 400 (it names no list a member has). */
export const auditCategorySchema = z.enum(auditCategories, { error: genericMessages.invalidRequest });

/**
 * The member record's calls (spec 1 §7). Each needs v2access plus its finer roles (`allOf`: every one of them,
 * else 403 before anything is read or written).
 */
export const memberContracts = {
  get: defineContract({
    method: 'GET',
    path: '/user/:cstId',
    params: memberIdParamsSchema,
    reply: memberRecordSchema,
    access: { roles: ['v2access'] },
    summary: 'Ficha do associado (titular) com suas listas, sem as seções que o usuário não pode ver',
    tags,
  }),
  insert: defineContract({
    method: 'POST',
    path: '/user/:cstId',
    params: newMemberParamsSchema,
    body: memberSaveSchema,
    reply: memberSaveReplySchema,
    access: { roles: ['v2access'], allOf: ['v2menunovoassociado', 'v2userallowupdate'] },
    summary: 'Insere um novo associado (cstId -1; v2menunovoassociado e v2userallowupdate): número interno atribuído pelo servidor; responde o cstId',
    tags,
  }),
  update: defineContract({
    method: 'PUT',
    path: '/user/:cstId',
    params: memberIdParamsSchema,
    body: memberSaveSchema,
    reply: memberSaveReplySchema,
    access: { roles: ['v2access'], allOf: ['v2userallowupdate'] },
    summary: 'Atualiza o associado e suas listas numa transação (v2userallowupdate; versão obrigatória; 409 se alterado por outro usuário)',
    tags,
  }),
  cpfCheck: defineContract({
    method: 'GET',
    path: '/user/cpf/:cpf/:cstId',
    params: z.object({
      cpf: z.string().regex(/^\d{11}$/, 'CPF Inválido'),
      cstId: z
        .string()
        .regex(/^-?\d{1,9}$/, memberMessages.invalidMemberId)
        .transform(Number),
    }),
    reply: cpfCheckReplySchema,
    access: { roles: ['v2access'] },
    summary: 'Quantas outras pessoas têm este CPF (acima de zero: CPF já cadastrado)',
    tags,
  }),
  positions: defineContract({
    method: 'GET',
    path: '/user/cargos/:cstId',
    params: memberIdParamsSchema,
    reply: z.array(positionHistoryItemSchema),
    access: { roles: ['v2access'] },
    summary: 'Histórico de cargos do associado (mais recentes primeiro)',
    tags,
  }),
  label: defineContract({
    method: 'GET',
    path: '/label/:a/:b/:c',
    params: z.object({
      a: idText(memberMessages.invalidMemberId),
      /** The address: its kind (1 residential, 2 commercial, 3 forum). */
      b: z
        .string()
        .regex(/^[123]$/, memberMessages.labelFailed)
        .transform(Number),
      /** 1 Secretaria, 2 Atendimento, 3 Sede Social. */
      c: z
        .string()
        .regex(/^[123]$/, memberMessages.labelFailed)
        .transform(Number),
    }),
    reply: binaryReply,
    access: { roles: ['v2access'], allOf: ['v2userdadosenderecoslabel'] },
    summary: 'Etiqueta (PDF) do endereço do associado (v2userdadosenderecoslabel): tipo 1 Secretaria, 2 Atendimento, 3 Sede Social',
    tags,
  }),
  bond: defineContract({
    method: 'GET',
    path: '/user/vinculo/:cstId',
    params: memberIdParamsSchema,
    reply: binaryReply,
    access: { roles: ['v2access'] },
    summary: 'Declaração de vínculo associativo (PDF): situação 1 ou 2 e perfil M ou V',
    tags,
  }),
  emailBond: defineContract({
    method: 'GET',
    path: '/user/emailvinculo/:cstId',
    params: memberIdParamsSchema,
    reply: z.object({ message: z.string() }),
    access: { roles: ['v2access'] },
    xsrf: true,
    summary: 'Envia a declaração de vínculo por e-mail ao associado (fila de saída)',
    tags,
  }),
  audits: defineContract({
    method: 'GET',
    path: '/audits/:cstId/:category',
    params: z.object({ cstId: idText(memberMessages.invalidMemberId), category: auditCategorySchema }),
    reply: z.array(memberAuditItemSchema),
    access: { roles: ['v2access'], allOf: ['v2userallowaudit'] },
    summary: 'Alterações registradas do associado (v2userallowaudit) (mais recentes primeiro); categoria padrão users',
    tags,
  }),
  audit: defineContract({
    method: 'GET',
    path: '/audits/:id',
    params: z.object({ id: idText(memberMessages.invalidMemberId) }),
    reply: memberRecordSchema,
    access: { roles: ['v2access'], allOf: ['v2userallowaudit'] },
    summary: 'O associado como estava naquela alteração (v2userallowaudit), com os campos alterados (fieldDiffs)',
    tags,
  }),
  dataCache: defineContract({
    method: 'GET',
    path: '/datacache',
    reply: dataCacheSchema,
    access: { signedIn: true },
    summary: 'Listas de apoio dos formulários do associado, com versão para cache do cliente',
    tags,
  }),
};
