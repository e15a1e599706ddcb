import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import { routes } from '../app/routes';

/** The whole app (providers, routes, guards) at a path, as a user would open it. */
export function renderApp(path = '/', options: { state?: unknown } = {}) {
  const url = new URL(path, 'http://localhost');
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, state: options.state }],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
