import { useEffect, type ReactElement, type ReactNode } from 'react';
import { render, renderHook, type RenderHookOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@assoc/domain';
import { rememberXsrfToken } from '../app/api';
import { createQueryClient } from '../app/queryClient';
import { SessionProvider } from '../app/session/SessionContext';
import { sessionKey } from '../app/session/sessionQuery';
import { cssVariablesResolver, theme } from '../app/theme';

dayjs.locale('pt-br');

export interface ProvidersOptions {
  /** The signed-in user, as RequireAuth gives it to the pages (GET session answered; its XSRF token kept). */
  session?: SessionInfo;
  /** ModalsProvider with the app's labels (confirm dialogs: SIM / NÃO). */
  modals?: boolean;
  /** The toasts' container, as the app mounts it. */
  notifications?: boolean;
  queryClient?: QueryClient;
}

export interface RenderOptions extends ProvidersOptions {
  /** Initial URL (path and query). */
  path?: string;
  /** Initial location state. */
  state?: unknown;
  /** More routes next to the component (a navigation target); the component answers every other path. */
  routes?: RouteObject[];
}

/**
 * The providers of AppProviders (same theme, dates locale and labels), minus what a test does not ask for.
 * Keep in step with app/providers.tsx.
 */
function Providers({ queryClient, session, modals, notifications, children }: ProvidersOptions & { queryClient: QueryClient; children: ReactNode }) {
  let content = session ? <SessionProvider session={session}>{children}</SessionProvider> : children;
  if (notifications) {
    content = (
      <>
        <Notifications position="bottom-right" limit={4} />
        {content}
      </>
    );
  }
  if (modals) content = <ModalsProvider labels={{ confirm: 'SIM', cancel: 'NÃO' }}>{content}</ModalsProvider>;
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env="test">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>{content}</DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

function prepare(options: ProvidersOptions) {
  const queryClient = options.queryClient ?? createQueryClient({ retry: false });
  if (options.session) {
    queryClient.setQueryData(sessionKey, options.session);
    rememberXsrfToken(options.session.xsrfToken);
  }
  return queryClient;
}

/** One component (or page) with the app's providers and a memory router, without the app's shell. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = prepare(options);
  const url = new URL(options.path ?? '/', 'http://localhost');
  const router = createMemoryRouter([...(options.routes ?? []), { path: '*', element: ui }], {
    initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }],
  });
  const user = userEvent.setup();
  const view = render(
    <Providers {...options} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient, user };
}

/** A hook with the app's providers and a memory router at `path`; `location()` is where the router is now. */
export function renderHookWithProviders<Result, Props>(
  hook: (props: Props) => Result,
  options: ProvidersOptions & Pick<RenderHookOptions<Props>, 'initialProps'> & { path?: string } = {},
) {
  const queryClient = prepare(options);
  const current: { location?: Location } = {};
  function TrackLocation() {
    const location = useLocation();
    useEffect(() => {
      current.location = location;
    }, [location]);
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers {...options} queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <TrackLocation />
        {children}
      </MemoryRouter>
    </Providers>
  );
  const view = renderHook(hook, { wrapper, initialProps: options.initialProps });
  return { ...view, queryClient, location: () => current.location! };
}
