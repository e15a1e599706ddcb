import type { AppRoute } from '@assoc/domain';
import { lazy } from 'react';
import { RouteGuard } from '../RouteGuard';
import { screens } from '../screens';

const ScreenPage = lazy(() => import('../../pages/ScreenPage'));

/**
 * Each route's screen behind its role check; a route without a built screen shows "Em construção". A chunk of its
 * own, apart from the layout: the home page ('/', the portal's only screen) needs neither the screen table nor the
 * route guard.
 */
export default function GuardedScreen({ route }: { route: AppRoute }) {
  const Screen = screens[route.path];
  return <RouteGuard path={route.path}>{Screen ? <Screen /> : <ScreenPage title={route.title} />}</RouteGuard>;
}
