import { createContext, useContext, type ReactNode } from 'react';
import { hasRole, type RoleRequirement } from '@assoc/domain';

const RolesContext = createContext<readonly string[]>([]);

export function RolesProvider({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  return <RolesContext.Provider value={roles}>{children}</RolesContext.Provider>;
}

/** The signed-in user's roles (empty outside the authenticated app). */
export function useRoles(): readonly string[] {
  return useContext(RolesContext);
}

/** True when the user holds the role, or any one of a list (spec 1 §6). */
export function useHasRole(required: RoleRequirement | undefined): boolean {
  return hasRole(useRoles(), required);
}

interface RoleGateProps {
  /** One role, or a list of which any one suffices. */
  role: RoleRequirement;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Shows its content only to users holding the role (spec 1 §6: gating hides content). */
export function RoleGate({ role, children, fallback = null }: RoleGateProps) {
  return <>{useHasRole(role) ? children : fallback}</>;
}
