import type { QueryClient } from '@tanstack/react-query';
import { homeFor, type LoginHome, type SessionInfo } from '@assoc/domain';

/**
 * The chunks every signed-in page needs (providers, layout, home page), fetched once the sign-in page is idle: the
 * time the user spends typing hides their download, and /login's own load is not delayed (issue 28: the portal's
 * home on a phone within a second of signing in). Then the portal's home (its page and the Cadastro tab, one file
 * of about 40 KB, build/chunk-groups.ts): the sign-in page does not know who signs in, and most who do are members on a
 * phone, where that download would otherwise follow ENTRAR; staff, on the office's network, hardly notice it.
 */
export function prefetchSignedIn() {
  if (import.meta.env.MODE === 'test') return;
  void Promise.all([import('./layout/ShellProviders'), import('./layout/SignedIn'), import('../pages/HomePage')]).then(() => {
    void import('../pages/PortalPage');
    void import('../modules/portal/cadastro/CadastroTab');
    void import('../modules/portal/prefetch');
  });
}

/**
 * The signed-in user's home, started as soon as the session is known: its chunks and its first data load together
 * instead of one lazy level after another; the data the sign-in reply carried (`home`, issue 28) is not asked again.
 * This module is a chunk of its own (the sign-in page imports it when idle), so /login's JavaScript carries none of
 * these imports' preload lists.
 */
export async function prefetchHomeOf(session: SessionInfo, queryClient: QueryClient, home?: LoginHome) {
  if (import.meta.env.MODE === 'test') return;
  switch (homeFor(session.roles)) {
    case 'portal':
      void import('../pages/PortalPage');
      void import('../modules/portal/cadastro/CadastroTab');
      // Awaited: the form is in the cache before the sign-in page sends the member on, so the home never asks it.
      await import('../modules/portal/prefetch').then((portal) => portal.prefetchPortalRecord(queryClient, session.cstId, home?.data));
      break;
    case 'dashboard':
      // In the order the Painel needs them (the browser fetches a few files at a time, in the order asked): the data's
      // small module first, so its requests leave at once; the page and the top bar's member search (what makes the
      // Painel usable); the cards' chunk (the charts' code) once the page is in.
      void import('../modules/dashboard/prefetch').then((dashboard) => dashboard.prefetchDashboard(queryClient, session.roles));
      void import('../pages/DashboardPage').then(() => import('../modules/dashboard/components/DashboardCards'));
      void import('../modules/search/components/MemberSearchBox');
      break;
    case 'cch':
      void import('../pages/CchPage');
      break;
    case 'process':
      void import('../pages/ProcessoPage');
      break;
  }
}
