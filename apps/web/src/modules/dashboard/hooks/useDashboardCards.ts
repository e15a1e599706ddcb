import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardContracts, type DashboardCardKey } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';

/** The server keeps each card's numbers for a minute: asking more often would only read its cache. */
const CARD_STALE_MS = 60_000;

export const cardListKey = queryKeyOf(dashboardContracts.cards);
export const cardKey = (card: DashboardCardKey) => queryKeyOf(dashboardContracts.card, { params: { card } });

/** GET dashboard/cards: the cards the user's roles show (the hook's query, also started by app/prefetch.ts). */
export const cardListQuery = () =>
  queryOptions({
    queryKey: cardListKey,
    queryFn: ({ signal }) => callApi(dashboardContracts.cards, {}, { signal }),
    staleTime: 10 * 60_000,
  });

export function useDashboardCardList() {
  return useQuery(cardListQuery());
}

/** GET dashboard/cards/{card}?period: a card's numbers (the hook's query, also started by app/prefetch.ts). */
export const cardQuery = (card: DashboardCardKey, period: number | undefined) =>
  queryOptions({
    queryKey: [...cardKey(card), period ?? null],
    queryFn: ({ signal }) => callApi(dashboardContracts.card, { params: { card }, query: period ? { period } : {} }, { signal }),
    staleTime: CARD_STALE_MS,
  });

/** A card's numbers, refreshed every minute while the dashboard is open. */
export function useDashboardCard(card: DashboardCardKey, period: number | undefined) {
  return useQuery({ ...cardQuery(card, period), refetchInterval: CARD_STALE_MS });
}
