import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { appRoutes } from '@assoc/domain';
import { FullPageLoader } from '../modules/ui/components/FullPageLoader';

// Each screen is its own chunk, so /login loads only the sign-in form.
const LoginPage = lazy(() => import('../pages/LoginPage'));
// Dates locale, modals, toasts and the "session lost" popup: every route but a /login opened first.
const ShellProviders = lazy(() => import('./layout/ShellProviders'));
const ResetPage = lazy(() => import('../pages/ResetPage'));
// The session guard, the layout, the role checks and the screen table: one chunk, after signing in.
const SignedInLayout = lazy(() => import('./layout/SignedIn'));
const GuardedScreen = lazy(() => import('./layout/GuardedScreen'));
const HomePage = lazy(() => import('../pages/HomePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

function Root() {
  const { pathname } = useLocation();
  // Loaded on the first page other than /login, then kept for good (sign-out, session lost, expired reset link).
  const [withShell, setWithShell] = useState(pathname !== '/login');
  if (!withShell && pathname !== '/login') setWithShell(true);
  const page = (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
  if (!withShell) return page;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <ShellProviders>{page}</ShellProviders>
    </Suspense>
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
        element: <SignedInLayout />,
        children: [
          { index: true, element: <HomePage /> },
          ...appRoutes.map((route) => ({
            path: route.path,
            element: <GuardedScreen route={route} />,
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
