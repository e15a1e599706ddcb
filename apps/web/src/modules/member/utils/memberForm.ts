import { memberSchema, sectionOfField, canEditSection, type MemberRecord } from '@assoc/domain';
import type { MemberFormValues } from '../member-tab.types';

/** The domain's member schema: the form holds MemberFormValues over it (the reply's extra values are left out when parsed). */
export const memberFormSchema = memberSchema;

/**
 * "Restaurar esta versão" (beyond the spec): the fields of a past version the user may edit, to load into the
 * form over the current member. The current identity and `version` stay (decision 5: the save is checked against
 * the version read now); child lists are restored by marker beside it (restoreChildLists.ts).
 */
export function restorableFields(version: MemberRecord, roles: readonly string[]): Partial<MemberFormValues> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(version)) {
    const section = sectionOfField(field);
    if (!section || Array.isArray(value)) continue;
    if (section.readOnly?.includes(field as never)) continue;
    if (!canEditSection(section, roles)) continue;
    out[field] = value;
  }
  return out as Partial<MemberFormValues>;
}
