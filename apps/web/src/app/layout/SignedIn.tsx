import type { AppRoute } from '@assoc/domain';
import { lazy } from 'react';
import { RequireAuth } from '../session/RequireAuth';
import { RouteGuard } from '../RouteGuard';
import { screens } from '../screens';
import MainLayout from './MainLayout';

const ScreenPage = lazy(() => import('../../pages/ScreenPage'));

/**
 * The signed-in part of the app, one chunk loaded after the sign-in page (issue 12: /login loads none of the
 * session guard, the role checks, the screen table nor the layout): the layout behind the session guard…
 */
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <MainLayout />
    </RequireAuth>
  );
}

/** …and each route's screen behind its role check; a route without a built screen shows "Em construção". */
export function GuardedScreen({ route }: { route: AppRoute }) {
  const Screen = screens[route.path];
  return <RouteGuard path={route.path}>{Screen ? <Screen /> : <ScreenPage title={route.title} />}</RouteGuard>;
}
