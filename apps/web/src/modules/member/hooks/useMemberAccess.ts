import { useCallback, useMemo } from 'react';
import { sectionAccess } from '@assoc/domain';
import { useRoles } from '../../ui/components/RoleGate';

/**
 * The view/edit rights of the member's sections for the signed-in user (spec 1 §6, decision 1): a section
 * is hidden without its view role and read only without its edit role; nothing is editable in audit mode.
 * `inserting` (/novoassociado): the sections a new member needs are the adding user's (issue 22 item 3).
 */
export function useMemberAccess(readOnly: boolean, inserting = false) {
  const roles = useRoles();
  const access = useMemo(
    () => sectionAccess(roles, { inserting }) as Record<string, { view: boolean; edit: boolean } | undefined>,
    [roles, inserting],
  );
  const canView = useCallback((section: string) => access[section]?.view ?? false, [access]);
  const canEdit = useCallback((section: string) => !readOnly && (access[section]?.edit ?? false), [access, readOnly]);
  return { canView, canEdit };
}
