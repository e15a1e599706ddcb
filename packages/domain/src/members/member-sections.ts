/**
 * The member record's sections and their view/edit roles (spec 1 §6 "User tab sections"; decision 1): the
 * one table the server uses to leave unviewable sections out of GET user/{cstId} and to refuse (403) a save
 * that changes a section without its edit role, and the web uses to hide a section or make it read only.
 * Child lists are sections too (their tab's roles); later issues add theirs here.
 */
import type { Role } from '../access/roles.js';
import type { MemberChildListKey, MemberRecord } from './member.schema.js';

/** The member fields a section may own (identity, version and computed values belong to none). */
export type MemberField = Exclude<
  keyof MemberRecord,
  'cstId' | 'parentId' | 'version' | 'custTitular' | 'idade' | 'extratoDatas' | 'irDatas' | 'falecidos' | 'fieldDiffs'
>;

export interface MemberSection {
  readonly key: string;
  /** pt-BR name (the 403 message names it). */
  readonly label: string;
  /** Any one of these lets the user see the section. */
  readonly view: readonly Role[];
  /** Any one of these lets the user change it. */
  readonly edit: readonly Role[];
  /** The member fields (top-level keys: an address or the bank account as a whole) the section owns. */
  readonly fields: readonly MemberField[];
  /** Fields shown but never written by the member save (the server's own values). */
  readonly readOnly?: readonly MemberField[];
  /** The tab (member-tabs.ts key) the section lives in. */
  readonly tab: number;
}

export const memberSections = [
  {
    key: 'personal',
    label: 'Dados pessoais',
    view: ['v2userdadospessoaisview', 'v2userdadospessoais'],
    edit: ['v2userdadospessoais'],
    fields: ['custName', 'custBirthdate', 'custSex', 'custEstadoCivil', 'custCpf', 'custPhoto', 'custPhotoKey'],
    readOnly: ['custPhotoKey'],
    tab: 1,
  },
  {
    key: 'email',
    label: 'E-mail',
    view: ['v2userdadospessoaisemailview', 'v2userdadospessoaisemail'],
    edit: ['v2userdadospessoaisemail'],
    fields: ['custEmail'],
    tab: 1,
  },
  {
    key: 'mobile',
    label: 'Celular',
    view: ['v2userdadospessoaiscelularview', 'v2userdadospessoaiscelular'],
    edit: ['v2userdadospessoaiscelular'],
    fields: ['custCelularDdd', 'custCelular'],
    tab: 1,
  },
  {
    key: 'magistrate',
    label: 'Dados de magistrado e concurso',
    view: ['v2userdadosmagistradoview', 'v2userdadosmagistrado'],
    edit: ['v2userdadosmagistrado'],
    fields: ['custConcurso', 'custCoordenadorTitular', 'custCoordenadorAdjunto'],
    readOnly: ['custCoordenadorTitular', 'custCoordenadorAdjunto'],
    tab: 1,
  },
  {
    key: 'dates',
    label: 'Datas',
    view: ['v2userdadosdatasview', 'v2userdadosdatas'],
    edit: ['v2userdadosdatas'],
    fields: ['custAdmissao', 'custSaida', 'custMarriage', 'custAposentadoria', 'custDeceased'],
    tab: 1,
  },
  {
    key: 'billing',
    label: 'Dados de cobrança',
    view: ['v2userdadoscobrançaview', 'v2userdadoscobrança'],
    edit: ['v2userdadoscobrança'],
    fields: ['custCobrancaDia', 'bankAccount'],
    tab: 1,
  },
  {
    key: 'contact',
    label: 'Contato',
    view: ['v2userdadoscontatoview', 'v2userdadoscontato'],
    edit: ['v2userdadoscontato'],
    fields: ['custContatoNome', 'custContatoParentesco', 'custContatoFoneDdd', 'custContatoFone', 'custContatoEmail'],
    tab: 1,
  },
  {
    key: 'addresses',
    label: 'Endereços',
    view: ['v2userdadosenderecosview', 'v2userdadosenderecos'],
    edit: ['v2userdadosenderecos'],
    fields: ['enderecoSelected', 'enderecoResidencial', 'enderecoComercial', 'enderecoForum'],
    tab: 1,
  },
  {
    key: 'profile',
    label: 'Perfil',
    view: ['v2userdadosperfilview', 'v2userdadosperfil'],
    edit: ['v2userdadosperfil'],
    fields: ['custNumeroInterno', 'custSocio', 'custStatus', 'custAssocSituacao', 'custFinanceiroStatus', 'falId'],
    readOnly: ['custNumeroInterno'],
    tab: 1,
  },
  {
    key: 'options',
    label: 'Opções',
    view: ['v2userdadosopcoesview', 'v2userdadosopcoes'],
    edit: ['v2userdadosopcoes'],
    fields: ['custIRPorEmail', 'custExtratoPorEmail', 'custComunicacao'],
    tab: 1,
  },
  {
    key: 'association',
    label: 'Dados associativos',
    view: ['v2userdadosassocview', 'v2userdadosassoc'],
    edit: ['v2userdadosassoc'],
    fields: ['custAssocCargo', 'custAssocCargo2', 'custAssocCargo3', 'custAssocCargo4'],
    tab: 1,
  },
  {
    key: 'location',
    label: 'Localização',
    view: ['v2tablocalizacao'],
    edit: ['v2loc'],
    // Spec 1 §2: the tab's position, forum, local and director of forum, and its Designado and Provisório panels.
    fields: [
      'afcId',
      'apfId',
      'locId',
      'custDirForum',
      'custDataDirForum',
      'desigApfId',
      'desigApcId',
      'desigLocId',
      'provApfId',
      'provApcId',
      'provLocId',
      'custProvData',
      'custProvForum',
      'custProvVara',
    ],
    tab: 4,
  },
  {
    key: 'qualification',
    label: 'Qualificação',
    view: ['v2tabqualificacao'],
    edit: ['v2tabqualificacao'],
    fields: [
      'custTreatment',
      'custRg',
      'custRgEmissor',
      'custFiliacaoMae',
      'custFiliacaoPai',
      'custNacionalidade',
      'custNaturalidade',
      'custTitulosAcademicos',
    ],
    tab: 12,
  },
  // Child lists: their tab's roles (the Serviços tab's view/edit roles of spec 1 §6).
  {
    key: 'services',
    label: 'Serviços',
    view: ['v2servicoview'],
    edit: ['v2servicoadd', 'v2servicoedit', 'v2servicodelete'],
    fields: ['usuarioServicos'],
    tab: 3,
  },
  {
    key: 'dependents',
    label: 'Dependentes',
    view: ['v2depview'],
    edit: ['v2depadd', 'v2depedit', 'v2depdelete'],
    fields: ['parentFilhos'],
    tab: 2,
  },
  { key: 'documents', label: 'Documentos', view: ['v2docview'], edit: ['v2docnew'], fields: ['documentos'], tab: 8 },
  {
    key: 'followUp',
    label: 'Acompanhamento',
    view: ['v2userdadospessoaisview', 'v2userdadospessoais'],
    edit: ['v2userdadospessoais'],
    fields: ['atendimentos'],
    tab: 13,
  },
  { key: 'charges', label: 'Cobranças', view: ['v2cobrancaview'], edit: ['v2cobrancanew'], fields: ['cobrancas'], tab: 7 },
  { key: 'refunds', label: 'Ressarcimentos', view: ['v2tabressarcimento'], edit: ['v2tabressarcimento'], fields: ['ressarcimentos'], tab: 11 },
  // Configurações tab (decision 20): the member's portal access and the opt-out of campaigns (issue 29 item 2); a profile or external-access change also needs the
  // access administrator's role (checked by the member-settings module).
  {
    key: 'settings',
    label: 'Configurações',
    view: ['v2tabconfiguracao'],
    edit: ['v2tabconfiguracao'],
    fields: ['portalAcesso', 'custRecusaCampanhas'],
    tab: 10,
  },
] as const satisfies readonly MemberSection[];

export type MemberSectionKey = (typeof memberSections)[number]['key'];

const byField = new Map<string, MemberSection>();
for (const section of memberSections as readonly MemberSection[]) for (const field of section.fields) byField.set(field, section);

/** The section that owns a member field (undefined for cstId, parentId, version and read-only extras). */
export const sectionOfField = (field: string): MemberSection | undefined => byField.get(field);

export const sectionByKey = (key: string): MemberSection | undefined => (memberSections as readonly MemberSection[]).find((s) => s.key === key);

/** The section a child list belongs to. */
export const sectionOfChildList = (key: MemberChildListKey): MemberSection => byField.get(key)!;

const hasAny = (roles: readonly string[], wanted: readonly string[]) => wanted.some((r) => roles.includes(r));

/** The menu role of /novoassociado: with v2userallowupdate, what POST user/-1 needs. */
export const NEW_MEMBER_ROLE: Role = 'v2menunovoassociado';

/**
 * Issue 22 item 3: the sections whose fields every new member needs (name, birth, sex, civil status and CPF;
 * Perfil and Situação; the debit place and billing day). Whoever may add a member fills them while adding one,
 * even without each section's own edit role (the Atendimento profile has neither Perfil nor Dados de cobrança);
 * a later change to a stored member needs the section's role again.
 */
export const newMemberSectionKeys: readonly MemberSectionKey[] = ['personal', 'profile', 'billing'];

/** Whether the access is for a member being added (POST user/-1, /novoassociado). */
export interface SectionAccessOptions {
  inserting?: boolean;
}

const grantedForNewMember = (section: MemberSection, roles: readonly string[], options?: SectionAccessOptions) =>
  options?.inserting === true && roles.includes(NEW_MEMBER_ROLE) && newMemberSectionKeys.includes(section.key as MemberSectionKey);

export const canViewSection = (section: MemberSection, roles: readonly string[], options?: SectionAccessOptions) =>
  hasAny(roles, section.view) || grantedForNewMember(section, roles, options);
export const canEditSection = (section: MemberSection, roles: readonly string[], options?: SectionAccessOptions) =>
  hasAny(roles, section.edit) || grantedForNewMember(section, roles, options);

/** Sections the user may view / edit (the web hides the rest or makes them read only). */
export function sectionAccess(roles: readonly string[], options?: SectionAccessOptions): Record<MemberSectionKey, { view: boolean; edit: boolean }> {
  const out = {} as Record<MemberSectionKey, { view: boolean; edit: boolean }>;
  for (const section of memberSections as readonly MemberSection[]) {
    const view = canViewSection(section, roles, options);
    out[section.key as MemberSectionKey] = { view, edit: view && canEditSection(section, roles, options) };
  }
  return out;
}

/** The fields a user may not see (left out of the reply). */
export function hiddenFields(roles: readonly string[]): MemberField[] {
  return (memberSections as readonly MemberSection[]).filter((s) => !canViewSection(s, roles)).flatMap((s) => s.fields);
}
