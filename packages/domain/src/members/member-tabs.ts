/**
 * The member record's tabs (spec 1 §2 "Member record screen"): key, label, role, condition and the sections
 * (member-sections.ts) each owns. The web renders one lazy panel per tab from this list; a tab's child list
 * is registered with the save on the server by the tab's own module.
 */
import type { Role } from '../access/roles.js';
import { isActiveMagistrateMember } from './member.schema.js';
import type { MemberSectionKey } from './member-sections.js';

export interface MemberTabContext {
  custStatus?: string | null;
  custAssocSituacao?: number | null;
  extratoDatas?: readonly unknown[] | null;
  irDatas?: readonly unknown[] | null;
  /** The screen is showing a past version (Auditoria). */
  auditMode: boolean;
}

export interface MemberTab {
  readonly key: number;
  readonly label: string;
  readonly role: Role;
  /** Shown only when this answers true (besides the role). */
  readonly condition?: (context: MemberTabContext) => boolean;
  readonly sections: readonly MemberSectionKey[];
}

const hasDates = (list: readonly unknown[] | null | undefined) => !!list && list.length > 0;

export const memberTabs = [
  {
    key: 1,
    label: 'Usuário',
    role: 'v2tabusuario',
    sections: ['personal', 'email', 'mobile', 'magistrate', 'dates', 'billing', 'contact', 'addresses', 'profile', 'options', 'association'],
  },
  { key: 2, label: 'Dependentes', role: 'v2tabdependente', sections: ['dependents'] },
  { key: 3, label: 'Serviços', role: 'v2tabservicos', sections: ['services'] },
  { key: 4, label: 'Localização', role: 'v2tablocalizacao', condition: (c) => isActiveMagistrateMember(c), sections: ['location'] },
  { key: 5, label: 'Extratos', role: 'v2tabextratos', condition: (c) => !c.auditMode && hasDates(c.extratoDatas), sections: [] },
  { key: 6, label: 'I.R.', role: 'v2tabir', condition: (c) => !c.auditMode && hasDates(c.irDatas), sections: [] },
  { key: 7, label: 'Cobranças', role: 'v2tabcobranca', sections: ['charges'] },
  { key: 8, label: 'Documentos', role: 'v2tabdocumentos', sections: ['documents'] },
  { key: 10, label: 'Configurações', role: 'v2tabconfiguracao', sections: ['settings'] },
  { key: 11, label: 'Ressarcimentos', role: 'v2tabressarcimento', sections: ['refunds'] },
  { key: 12, label: 'Qualificação', role: 'v2tabqualificacao', sections: ['qualification'] },
  // The follow-up tab uses the personal-data view role (spec 1 §6).
  { key: 13, label: 'Acompanhamento', role: 'v2userdadospessoaisview', sections: ['followUp'] },
  { key: 14, label: 'E-Mail', role: 'v2eml', condition: (c) => !c.auditMode, sections: [] },
] as const satisfies readonly MemberTab[];

export type MemberTabKey = (typeof memberTabs)[number]['key'];

/** The tabs a user sees for a member in the given mode, in order. */
export function visibleMemberTabs(roles: readonly string[], context: MemberTabContext): MemberTab[] {
  return (memberTabs as readonly MemberTab[]).filter((tab) => roles.includes(tab.role) && (!tab.condition || tab.condition(context)));
}
