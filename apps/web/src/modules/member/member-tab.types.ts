import type { ComponentType, LazyExoticComponent } from 'react';
import type { MemberInput, MemberRecord, MemberTabKey as DomainTabKey, memberSchema } from '@assoc/domain';
import type { AppForm, FieldPath } from '../ui/form';

/**
 * The member record's panel contract (issue 12): every tab panel of /associado receives MemberTabProps
 * and is registered once, lazily, in `memberTabPanels` (member-tab-panels.ts). The screen (MemberPage)
 * owns the one form, the save, the audit mode and the tabs; a panel only renders fields and child lists
 * of the form it is given.
 */

/**
 * The member as the form holds it: the domain's member schema (memberSchema, what the save sends) plus the
 * values GET user/{cstId} adds for the screen (extratoDatas, irDatas, falecidos, fieldDiffs…), which the save
 * leaves out. Its paths are typed (issue 23 item 6): a misspelled one fails the typecheck.
 */
export type MemberFormValues = MemberInput &
  Partial<
    Pick<
      MemberRecord,
      'custTitular' | 'idade' | 'extratoDatas' | 'irDatas' | 'falecidos' | 'fieldDiffs' | 'custCoordenadorTitular' | 'custCoordenadorAdjunto'
    >
  >;

/** The one form of the screen (useAppForm over the domain's memberSchema). */
export type MemberForm = AppForm<typeof memberSchema, MemberFormValues>;

/** insert: /novoassociado (cstId -1); edit: a loaded member; audit: a past version shown read-only. */
export type MemberMode = 'insert' | 'edit' | 'audit';

/**
 * A section of a tab (spec 1 §6 view/edit role pairs): a key of the domain's memberSections ('personal',
 * 'billing', 'addresses', 'dependents'…). Typed as text so a panel may pass its own constants.
 */
export type MemberSectionKey = string;

/** A tab's key (spec 1 §2: Usuário [1] … E-Mail [14]): the domain's memberTabs key. */
export type MemberTabKey = DomainTabKey;

/** Props every tab panel receives. */
export interface MemberTabProps {
  form: MemberForm;
  mode: MemberMode;
  /** -1 for a new member. */
  cstId: number;
  /**
   * The dependent opened from the search (spec 1 §2: state {cstId: the dependent, parentId: this holder}),
   * to show in the Dependentes tab; null when the holder itself was opened.
   */
  dependentInView: number | null;
  /** Whether the user may see a section (its view role, or its edit role). Hidden when false. */
  canView: (section: MemberSectionKey) => boolean;
  /** Whether the user may change a section (its edit role); always false in audit mode. Read-only when false. */
  canEdit: (section: MemberSectionKey) => boolean;
  /** True in audit mode: toolbars and delete icons hidden, OK buttons disabled (spec 1 §2). */
  readOnly: boolean;
  /**
   * The field paths changed by the audit version shown (its fieldDiffs: 'custName',
   * 'enderecoResidencial.adZipcode'; child rows by id: 'parentFilhos', 'parentFilhos.201', 'parentFilhos.201.custName',
   * 'parentFilhos.201.usuarioServicos.31.valor' — domain audit-paths.ts); empty outside audit mode.
   * Style a field with `changedFieldProps(diffs, path)`, a table row with `changedRowProps` (changed-field.ts).
   */
  diffs: ReadonlySet<string>;
}

/** A registered panel: loaded (its own chunk) only when its tab is opened. */
export type MemberTabPanel = LazyExoticComponent<ComponentType<MemberTabProps>>;

/** A field path of the member form ('custName', 'enderecoResidencial.adZipcode', 'usuarioServicos.0.valor'): typed, so a typo fails tsc. */
export type MemberPath = FieldPath<MemberFormValues>;
