import type { QueryClient } from '@tanstack/react-query';
import { cardsFor, DEFAULT_DASHBOARD_PERIOD } from '@assoc/domain';
import { searchHistoryQuery } from '../people/hooks/useSearchHistory';
import { birthdaysQuery } from './hooks/useDashboardData';
import { cardListQuery, cardQuery } from './hooks/useDashboardCards';

/**
 * Right after signing in (app/prefetch.ts): the Painel's data — the two panels, the card list and each card the roles
 * show — loads beside the dashboard's chunks instead of after them (issue 30: the dashboard usable ≤ 1 s after
 * sign-in). The same query options as the hooks, so the screen finds them in the cache.
 */
export function prefetchDashboard(queryClient: QueryClient, roles: readonly string[]) {
  const panels = [queryClient.prefetchQuery(searchHistoryQuery()), queryClient.prefetchQuery(birthdaysQuery())];
  void queryClient.prefetchQuery(cardListQuery());
  // The cards' queries (the heavier ones) after the panels': what makes the Painel usable is answered first.
  void Promise.all(panels).then(() => {
    for (const card of cardsFor(roles)) {
      void queryClient.prefetchQuery(cardQuery(card.key, card.timeAxis ? DEFAULT_DASHBOARD_PERIOD : undefined));
    }
  });
}
