import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from './queryClient';
import { AppProviders } from './providers';
import { routes } from './routes';

const queryClient = createQueryClient();

// The declarative router: the app uses no data-router API (loaders, actions, useBlocker), and createBrowserRouter
// would add ~16 KB gzip to the sign-in page (issue 12: /login's JS ≤ 150 KB compressed). Tests still mount the
// same route table in a memory data router (test/renderApp.tsx).
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
