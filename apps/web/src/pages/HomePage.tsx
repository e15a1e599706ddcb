import { lazy } from 'react';
import { homeFor } from '@assoc/domain';
import { useRoles } from '../modules/ui/components/RoleGate';

const DashboardPage = lazy(() => import('./DashboardPage'));
const ProcessoPage = lazy(() => import('./ProcessoPage'));
const CchPage = lazy(() => import('./CchPage'));
const PortalPage = lazy(() => import('./PortalPage'));

/** '/' by role (spec 1 §2): dashboard with v2access; else portal, the CCH list, or the digital-process screen. */
export default function HomePage() {
  switch (homeFor(useRoles())) {
    case 'dashboard':
      return <DashboardPage />;
    case 'portal':
      return <PortalPage />;
    case 'cch':
      return <CchPage />;
    case 'process':
      return <ProcessoPage />;
  }
}
