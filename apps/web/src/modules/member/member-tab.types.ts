import type { ComponentType, LazyExoticComponent } from 'react';
import type { z } from 'zod';
import type { AppForm } from '../ui/form';

/**
 * The member record's panel contract (issue 12): every tab panel of /associado receives MemberTabProps
 * and is registered once, lazily, in `memberTabPanels` (member-tab-panels.ts). The screen (MemberPage)
 * owns the one form, the save, the audit mode and the tabs; a panel only renders fields and child lists
 * of the form it is given.
 *
 * Interim: the values are typed from the spec's field names (spec 1 §3) until the domain's member schema
 * lands; then MemberForm becomes AppForm<typeof memberFormSchema> and these names stay.
 */

/** An operation marker of a child item (spec 1 §3/§4): '-' (or none) means unchanged and is not sent. */
export type MemberItemOperation = 'insert' | 'update' | 'delete' | 'none' | '-';

/** The member's values as the form holds them (spec 1 §3 "Member (user)"); interim until the domain schema. */
export interface MemberFormValues {
  cstId: number;
  version?: number;
  custName: string;
  custStatus?: string | null;
  custAssocSituacao?: number | null;
  custPhotoKey?: string | null;
  extratoDatas?: unknown[];
  irDatas?: unknown[];
  fieldDiffs?: unknown;
  [field: string]: unknown;
}

/** The one form of the screen (useAppForm over the member schema). */
export type MemberForm = AppForm<z.ZodType<MemberFormValues, MemberFormValues>>;

/** insert: /novoassociado (cstId -1); edit: a loaded member; audit: a past version shown read-only. */
export type MemberMode = 'insert' | 'edit' | 'audit';

/** A section of a tab (spec 1 §6 view/edit role pairs, e.g. the Usuário tab's personal data); the domain's section key. */
export type MemberSectionKey = string;

/** A tab's key (spec 1 §2: Usuário [1] … E-Mail [14]); the domain's tab key. */
export type MemberTabKey = string;

/** Props every tab panel receives. */
export interface MemberTabProps {
  form: MemberForm;
  mode: MemberMode;
  /** -1 for a new member. */
  cstId: number;
  /** The dependent opened from the search (spec 1 §2), for the Dependentes tab; null otherwise. */
  parentId: number | null;
  /** Whether the user may see a section (its view role, or its edit role). Hidden when false. */
  canView: (section: MemberSectionKey) => boolean;
  /** Whether the user may change a section (its edit role); always false in audit mode. Read-only when false. */
  canEdit: (section: MemberSectionKey) => boolean;
  /** True in audit mode: toolbars and delete icons hidden, OK buttons disabled (spec 1 §2). */
  readOnly: boolean;
  /**
   * The field paths changed by the audit version shown (its fieldDiffs: 'custName',
   * 'enderecoResidencial.adZipcode', 'parentFilhos.0.custName'); empty outside audit mode.
   * Style a field with `changedFieldProps(diffs, path)` (changed-field.ts).
   */
  diffs: ReadonlySet<string>;
}

/** A registered panel: loaded (its own chunk) only when its tab is opened. */
export type MemberTabPanel = LazyExoticComponent<ComponentType<MemberTabProps>>;
