/**
 * The member's services (spec 1 §3 "Member service", §4 "Add service", §5 "Service plugins", §6, §9): the plugin
 * of each service and its fields, limits and rules, the duplicate and dependent/age rules of the services
 * registry, and the per-action roles. Used by the Serviços tab's forms and again by the server's save (with the
 * service's real registry values), so both say the same pt-BR text.
 */
import { ageFrom, isValidIsoDate } from '../format.js';
import { genericMessages as m } from '../messages.js';
import type { ServicePlugin } from '../registries/service-plugins.js';
import { HEALTH_PLAN_SUC_IDS } from '../registries/services.schema.js';

/** Plugin types (spec 1 §3): the edit form a service opens with (one list with the /servico registry's). */
export { servicePlugins, servicePluginSchema, type ServicePlugin } from '../registries/service-plugins.js';

export const servicePluginLabels: Record<ServicePlugin, string> = {
  plgCelular: 'Celular',
  plgCCH: 'CCH',
  plgCCHAdd: 'CCH',
  plgSeguroVida: 'Seguro de vida',
  plgHealth: 'Plano de saúde',
};

export const isCchPlugin = (plugin: string | null | undefined) => plugin === 'plgCCH' || plugin === 'plgCCHAdd';

/** Spec 1 §9 "Plugin limits" (proposal: 16 stored, 11 digits in the form). */
export const servicePluginLimits = {
  phoneMin: 10,
  phoneMax: 11,
  phoneModel: 26,
  imei: 20,
  invoice: 15,
  proposal: 11,
  comment: 100,
  healthCard: 9,
  unimed: 17,
} as const;

export const memberServiceMessages = {
  /** Spec 1 §8 (exact text). */
  duplicate: 'Serviço não permite duplicidade',
  /** Spec 1 §5 CCH add (exact text). */
  futureDate: 'Data não pode ser posterior ao dia de hoje',
  /** Not in the spec (its rules svcPermiteDependente, svcMin/svcMax have no text): our wording. */
  notForDependents: 'Serviço não permitido para dependentes',
  ageOutOfRange: (min: number, max: number) => `Idade fora da faixa permitida para o serviço (de ${min} a ${max} anos)`,
  birthdateNeeded: 'Informe a data de nascimento para contratar este serviço (serviço com faixa de idade)',
  unknownService: 'Serviço não encontrado',
  endBeforeStart: 'Fim anterior ao início',
} as const;

/** The CCH health plans of cslInt1 (spec 2 §3: plans 21 and 22, the products seeded with these ids). */
export const cchPlanOptions: readonly { value: number; label: string }[] = HEALTH_PLAN_SUC_IDS.map((value, i) => ({
  value,
  label: i === 0 ? 'Plano de saúde Unimed' : 'Plano de saúde Magistratura',
}));

/** A service row's plugin fields, as the rules read them. */
export interface PluginFields {
  cslStr1?: string | null;
  cslStr2?: string | null;
  cslStr3?: string | null;
  cslStr4?: string | null;
  cslDate1?: string | null;
  cslInt1?: number | null;
  cslInt4?: number | null;
  cslInt5?: number | null;
  cslValue1?: number | null;
  cslValue2?: number | null;
}

export interface ServiceFieldIssue {
  path: string;
  message: string;
}

const text = (v: string | null | undefined) => (v ?? '').trim();
const digits = (v: string) => /^\d*$/.test(v);

/**
 * The plugin rules of spec 1 §5 and the limits of §9 for one row: `inserting` for a new row (the CCH add form's
 * rules), `today` as an ISO date (the app's zone). Answers the issues at their field names.
 */
export function pluginIssues(plugin: string | null | undefined, row: PluginFields, opts: { inserting: boolean; today: string }): ServiceFieldIssue[] {
  const out: ServiceFieldIssue[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const max = (path: keyof PluginFields, n: number) => {
    if (text(row[path] as string | null | undefined).length > n) add(path, m.maxLength(n));
  };
  // Optional digit fields of a fixed length (health card 9, Unimed 17): the spec's generic catalogue, as every form says it.
  const exactDigits = (path: keyof PluginFields, n: number) => {
    const value = text(row[path] as string | null | undefined);
    if (!value) return;
    if (!digits(value)) add(path, m.digitsOnly);
    else if (value.length !== n) add(path, m.exactLength(n));
  };
  switch (plugin) {
    case 'plgCelular': {
      const phone = text(row.cslStr1);
      if (!phone) add('cslStr1', m.required);
      else if (!digits(phone)) add('cslStr1', m.digitsOnly);
      else if (phone.length < servicePluginLimits.phoneMin) add('cslStr1', m.minLength(servicePluginLimits.phoneMin));
      else if (phone.length > servicePluginLimits.phoneMax) add('cslStr1', m.maxLength(servicePluginLimits.phoneMax));
      max('cslStr2', servicePluginLimits.phoneModel);
      max('cslStr3', servicePluginLimits.imei);
      max('cslStr4', servicePluginLimits.invoice);
      break;
    }
    case 'plgSeguroVida': {
      if (row.cslValue2 === null || row.cslValue2 === undefined) add('cslValue2', m.required);
      else if (row.cslValue2 < 1) add('cslValue2', m.numericMin);
      const proposal = text(row.cslStr1);
      if (!proposal) add('cslStr1', m.required);
      else if (!digits(proposal)) add('cslStr1', m.digitsOnly);
      else if (proposal.length > servicePluginLimits.proposal) add('cslStr1', m.maxLength(servicePluginLimits.proposal));
      if (row.cslValue1 !== null && row.cslValue1 !== undefined && row.cslValue1 < 0) add('cslValue1', m.numericMin);
      max('cslStr2', servicePluginLimits.comment);
      break;
    }
    case 'plgHealth': {
      exactDigits('cslStr1', servicePluginLimits.healthCard);
      exactDigits('cslStr2', servicePluginLimits.unimed);
      break;
    }
    case 'plgCCH':
    case 'plgCCHAdd': {
      const date = text(row.cslDate1);
      if (date && isValidIsoDate(date) && date > opts.today) add('cslDate1', memberServiceMessages.futureDate);
      if (opts.inserting) {
        if (!date) add('cslDate1', m.required);
        if (row.cslInt1 === null || row.cslInt1 === undefined) add('cslInt1', m.required);
      }
      if (row.cslInt1 !== null && row.cslInt1 !== undefined && !cchPlanOptions.some((p) => p.value === row.cslInt1)) add('cslInt1', m.oneOf);
      break;
    }
    default:
      break;
  }
  return out;
}

/** What the registry says of a service (GET servicos/all/{sucId}; the server reads the same columns). */
export interface ServiceRules {
  svcId: number;
  svcPermiteDuplicado: boolean;
  svcPermiteDependente: boolean;
  svcMin: number;
  svcMax: number;
}

/**
 * Whether a person may take a service (spec 1 §4 add service; the registry's svcPermiteDependente and
 * svcMin/svcMax): the message of the first rule it breaks, or null. `held` are the person's live rows.
 */
export function addServiceRefusal(
  service: ServiceRules,
  owner: { isDependent: boolean; birthdate: string | null | undefined },
  held: readonly { svcId: number }[],
  today: Date = new Date(),
): string | null {
  if (!service.svcPermiteDuplicado && held.some((r) => r.svcId === service.svcId)) return memberServiceMessages.duplicate;
  if (owner.isDependent && !service.svcPermiteDependente) return memberServiceMessages.notForDependents;
  return ageRefusal(service, owner.birthdate, today);
}

/** The age rule alone (svcMin 0 and svcMax ≥ 999 mean any age). */
export function ageRefusal(service: Pick<ServiceRules, 'svcMin' | 'svcMax'>, birthdate: string | null | undefined, today: Date = new Date()) {
  if (service.svcMin <= 0 && service.svcMax >= 999) return null;
  const age = ageFrom(birthdate ?? null, today);
  if (age === null) return memberServiceMessages.birthdateNeeded;
  if (age < service.svcMin || age > service.svcMax) return memberServiceMessages.ageOutOfRange(service.svcMin, service.svcMax);
  return null;
}

/**
 * Roles per action on the member's services (spec 1 §6): holder rows by v2servicoadd / v2servicoedit /
 * v2servicodelete, a dependent's rows by v2depservicoedit; a CCH row's edit also needs v2cchedit (not for a row
 * inserted in the same save) and its delete v2cchdelete; the CCH add toggles need v2cchdatainsc (cslInt4) and
 * v2cchhistorico (cslInt5).
 */
export const memberServiceRoles = {
  add: 'v2servicoadd',
  edit: 'v2servicoedit',
  delete: 'v2servicodelete',
  view: 'v2servicoview',
  dependent: 'v2depservicoedit',
  dependentView: 'v2depservicoview',
  cchEdit: 'v2cchedit',
  cchDelete: 'v2cchdelete',
  cchIgnoreEnrolment: 'v2cchdatainsc',
  cchIgnoreHistory: 'v2cchhistorico',
} as const;

/** Whether the user may do `action` on a row of this plugin (the web hides what the server would refuse). */
export function canActOnService(
  action: 'add' | 'edit' | 'delete',
  plugin: string | null | undefined,
  roles: readonly string[],
  opts: { isDependent: boolean; insertedNow?: boolean },
): boolean {
  const has = (r: string) => roles.includes(r);
  const base = opts.isDependent
    ? has(memberServiceRoles.dependent)
    : has(action === 'add' ? memberServiceRoles.add : action === 'edit' ? memberServiceRoles.edit : memberServiceRoles.delete);
  if (!base) return false;
  if (isCchPlugin(plugin)) {
    if (action === 'edit' && !opts.insertedNow) return has(memberServiceRoles.cchEdit);
    if (action === 'delete' && !opts.insertedNow) return has(memberServiceRoles.cchDelete);
  }
  return true;
}
