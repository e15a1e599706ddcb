import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardContracts, type DashboardCardKey } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';

/** The server keeps each card's numbers for a minute: asking more often would only read its cache. */
const CARD_STALE_MS = 60_000;

export const cardListKey = queryKeyOf(dashboardContracts.cards);
export const cardKey = (card: DashboardCardKey) => queryKeyOf(dashboardContracts.card, { params: { card } });

/** GET dashboard/cards: the cards the user's roles show. */
export function useDashboardCardList() {
  return useQuery({
    queryKey: cardListKey,
    queryFn: ({ signal }) => callApi(dashboardContracts.cards, {}, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** GET dashboard/cards/{card}?period: a card's numbers, refreshed every minute while the dashboard is open. */
export function useDashboardCard(card: DashboardCardKey, period: number | undefined) {
  return useQuery({
    queryKey: [...cardKey(card), period ?? null],
    queryFn: ({ signal }) => callApi(dashboardContracts.card, { params: { card }, query: period ? { period } : {} }, { signal }),
    staleTime: CARD_STALE_MS,
    refetchInterval: CARD_STALE_MS,
  });
}

/** The server's change feed ('painel': a CCH or refund status changed): the open dashboard fetches those cards again. */
export function useDashboardFeed() {
  const queryClient = useQueryClient();
  useRealtimeEvent('painel', ({ cards }) => {
    for (const card of cards) void queryClient.invalidateQueries({ queryKey: cardKey(card) });
  });
}
