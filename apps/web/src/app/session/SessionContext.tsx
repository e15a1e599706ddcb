import { createContext, useContext, type ReactNode } from 'react';
import type { SessionInfo } from '@assoc/domain';
import { RolesProvider } from '../../modules/ui/components/RoleGate';

const SessionContext = createContext<SessionInfo | null>(null);

/** Gives the signed-in user to the layout and pages, and their roles to every RoleGate. */
export function SessionProvider({ session, children }: { session: SessionInfo; children: ReactNode }) {
  return (
    <SessionContext.Provider value={session}>
      <RolesProvider roles={session.roles}>{children}</RolesProvider>
    </SessionContext.Provider>
  );
}

/** The signed-in user; only inside the authenticated part of the app. */
export function useCurrentSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useCurrentSession must be used inside RequireAuth');
  return session;
}
