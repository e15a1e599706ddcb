import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { lookupCache } from '../../db/schema/index.js';

/** One cached answer: the coordinates, or null when the address could not be placed. */
export type CachedCoordinates<T> = { value: T | null };

/** 'geo:' and the SHA-1 of the normalised address (no address text in the key column). */
export const geoCacheKey = (address: unknown) => `geo:${crypto.createHash('sha1').update(JSON.stringify(address)).digest('hex')}`;

/** Coordinates found upstream, kept in lookup_cache under 'geo:{hash}' (decision 11). */
export function createGeoRepository() {
  return {
    async cached<T>(db: Executor, key: string, maxAgeSeconds: number): Promise<CachedCoordinates<T> | undefined> {
      const [row] = await db
        .select({ value: lookupCache.value })
        .from(lookupCache)
        .where(and(eq(lookupCache.cacheKey, key), gt(lookupCache.fetchedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`)));
      return row?.value as CachedCoordinates<T> | undefined;
    },

    async cache<T>(db: Executor, key: string, value: CachedCoordinates<T>) {
      await db
        .insert(lookupCache)
        .values({ cacheKey: key, value })
        .onConflictDoUpdate({ target: lookupCache.cacheKey, set: { value, fetchedAt: sql`now()` } });
    },
  };
}

export type GeoRepository = ReturnType<typeof createGeoRepository>;
