import { canSeeCard, cardsFor, dashboardCardInfo, DEFAULT_DASHBOARD_PERIOD, type DashboardCardData, type DashboardCardKey } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { cardQueries } from './cards/index.js';

/** How long a card's numbers are served from memory. */
export const CARD_CACHE_MS = 60_000;

/** What invalidates which cards: a finished job of these commands (jobprogress), or a change feed's event. */
export const CARD_INVALIDATIONS: Readonly<Record<string, readonly DashboardCardKey[]>> = {
  fechamento: ['fechamento', 'saldo-aberto'],
  'banco-importar': ['retorno', 'saldo-aberto'],
  'folha-importar': ['retorno', 'saldo-aberto'],
  'remessa-gerar': ['retorno'],
  lancamentos: ['saldo-aberto'],
};

interface Caller {
  userId: number;
  roles: readonly string[];
}

/**
 * The dashboard's cards (issue 30 items 2 and 3): the caller's list, and each card's numbers computed by its query and
 * kept in memory for a minute per card + the card's roles the caller holds + period (+ user for a per-user card), so
 * a morning of staff opening the dashboard runs each query about once a minute. `invalidate` drops a card's answers
 * (the module calls it on the events of closings, returns, CCH and refunds).
 */
export function createDashboardCards({ db, now = () => new Date(), ttlMs = CARD_CACHE_MS }: { db: Db; now?: () => Date; ttlMs?: number }) {
  const cache = new Map<string, { at: number; data: Promise<DashboardCardData> }>();
  /** Computations started per card (tests read it: a cached answer does not query). */
  const computed = new Map<DashboardCardKey, number>();
  const memo = new Map<string, unknown>();

  return {
    list: (roles: readonly string[]) => cardsFor(roles).map(({ key, title, href, timeAxis }) => ({ key, title, href, timeAxis })),

    async card(key: DashboardCardKey, caller: Caller, requestedPeriod?: number): Promise<DashboardCardData> {
      const info = dashboardCardInfo(key);
      if (!canSeeCard(info, caller.roles)) throw forbidden();
      const query = cardQueries[key];
      const period = info.timeAxis ? (requestedPeriod ?? DEFAULT_DASHBOARD_PERIOD) : null;
      const roles = info.roles.filter((r) => caller.roles.includes(r)).join(',');
      const cacheKey = `${key}|${roles}|${period ?? ''}|${query.perUser ? caller.userId : ''}`;
      const at = Date.now();
      const hit = cache.get(cacheKey);
      if (hit && at - hit.at < ttlMs) return hit.data;
      computed.set(key, (computed.get(key) ?? 0) + 1);
      const when = now();
      const data = query.compute(db, { period: period ?? DEFAULT_DASHBOARD_PERIOD, userId: caller.userId, now: when, memo }).then((numbers) => ({
        key,
        title: info.title,
        href: info.href,
        period,
        ...numbers,
        computedAt: when.toISOString(),
      }));
      cache.set(cacheKey, { at, data });
      // A failed computation is not kept.
      data.catch(() => {
        if (cache.get(cacheKey)?.data === data) cache.delete(cacheKey);
      });
      return data;
    },

    /** Drops the cached answers of these cards (every role set, period and user). */
    invalidate(keys: readonly DashboardCardKey[]) {
      for (const cacheKey of [...cache.keys()]) if (keys.some((key) => cacheKey.startsWith(`${key}|`))) cache.delete(cacheKey);
    },

    computations: (key: DashboardCardKey) => computed.get(key) ?? 0,
  };
}

export type DashboardCards = ReturnType<typeof createDashboardCards>;
