import type { ReactNode } from 'react';
import { canOpenRoute } from '@assoc/domain';
import AccessDeniedPage from '../pages/AccessDeniedPage';
import { useRoles } from '../modules/ui/components/RoleGate';

/** A screen of the route table opens only for users holding every role it needs (domain canOpenRoute). */
export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  return canOpenRoute(path, useRoles()) ? <>{children}</> : <AccessDeniedPage />;
}
