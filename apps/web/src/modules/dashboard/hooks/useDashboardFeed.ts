import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../realtime/RealtimeProvider';
import { cardKey } from './useDashboardCards';

/** The server's change feed ('painel': a CCH or refund status changed): the open dashboard fetches those cards again. */
export function useDashboardFeed() {
  const queryClient = useQueryClient();
  useRealtimeEvent('painel', ({ cards }) => {
    for (const card of cards) void queryClient.invalidateQueries({ queryKey: cardKey(card) });
  });
}
