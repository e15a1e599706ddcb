import { and, eq, gt, sql } from 'drizzle-orm';
import type { CepAddress } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { lookupCache } from '../../db/schema/index.js';

const key = (cep: string) => `cep:${cep}`;

/** Addresses found upstream, kept in lookup_cache under 'cep:{cep}'. */
export function createCepRepository() {
  return {
    async cached(db: Executor, cep: string, maxAgeSeconds: number): Promise<CepAddress | undefined> {
      const [row] = await db
        .select({ value: lookupCache.value })
        .from(lookupCache)
        .where(and(eq(lookupCache.cacheKey, key(cep)), gt(lookupCache.fetchedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`)));
      return row?.value as CepAddress | undefined;
    },

    async cache(db: Executor, cep: string, value: CepAddress) {
      await db
        .insert(lookupCache)
        .values({ cacheKey: key(cep), value })
        .onConflictDoUpdate({ target: lookupCache.cacheKey, set: { value, fetchedAt: sql`now()` } });
    },
  };
}

export type CepRepository = ReturnType<typeof createCepRepository>;
