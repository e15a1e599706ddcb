import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { appRoutes, type AppRoute } from '@assoc/domain';
import { FullPageLoader } from '../modules/ui/components/FullPageLoader';
import { RequireAuth } from './session/RequireAuth';
import { SessionLostHandler } from './session/SessionLostHandler';
import { RouteGuard } from './RouteGuard';
import { screens } from './screens';

// Each screen is its own chunk, so /login loads only the sign-in form.
const LoginPage = lazy(() => import('../pages/LoginPage'));
const ResetPage = lazy(() => import('../pages/ResetPage'));
const MainLayout = lazy(() => import('./layout/MainLayout'));
const HomePage = lazy(() => import('../pages/HomePage'));
const ScreenPage = lazy(() => import('../pages/ScreenPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

function screenFor(route: AppRoute) {
  const Screen = screens[route.path];
  return Screen ? <Screen /> : <ScreenPage title={route.title} />;
}

function Root() {
  return (
    <>
      <SessionLostHandler />
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Public /login and /reset; everything else inside the main layout behind the session and role guards. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/reset', element: <ResetPage /> },
      {
        path: '/',
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <HomePage /> },
          ...appRoutes.map((route) => ({
            path: route.path,
            element: <RouteGuard path={route.path}>{screenFor(route)}</RouteGuard>,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
