import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { executeNamed } from '../../lib/sql.js';
import { lookupCache } from '../../db/schema/index.js';
import { MEMBER_SUGGESTION, MEMBER_SUGGESTION_JOINS, type SuggestionRow } from '../search/search.repository.js';

export const BIRTHDAYS_LIMIT = 200;

/**
 * Living people (holders and dependents) born on $1/$2 (month/day); $3 adds 29 February on a
 * non-leap 28 February. The conditions repeat the expressions of customers_birthday_idx.
 */
const BIRTHDAYS_SQL = `
select ${MEMBER_SUGGESTION}
  from customers c ${MEMBER_SUGGESTION_JOINS}
 where ((extract(month from c.cust_birthdate) = $1 and extract(day from c.cust_birthdate) = $2)
        or ($3 and extract(month from c.cust_birthdate) = 2 and extract(day from c.cust_birthdate) = 29))
   and c.cust_deceased is null and c.cust_assoc_situacao is distinct from 5
 order by c.cust_name collate pt_br, c.cst_id
 limit ${BIRTHDAYS_LIMIT}`;

/** Every method runs on the caller's executor; the birthdays are a named statement (planned once per connection; benchmarked). */
export function createDashboardRepository() {
  return {
    async birthdays(db: Executor, month: number, day: number, includeFeb29: boolean): Promise<SuggestionRow[]> {
      const { rows } = await executeNamed<SuggestionRow>(db, {
        name: 'dashboard-birthdays',
        text: BIRTHDAYS_SQL,
        values: [month, day, includeFeb29],
      });
      return rows;
    },

    /** A cached lookup younger than `maxAgeSeconds`, or undefined. */
    async cached<T>(db: Executor, key: string, maxAgeSeconds: number): Promise<T | undefined> {
      const [row] = await db
        .select({ value: lookupCache.value })
        .from(lookupCache)
        .where(and(eq(lookupCache.cacheKey, key), gt(lookupCache.fetchedAt, sql`now() - make_interval(secs => ${maxAgeSeconds})`)));
      return row?.value as T | undefined;
    },

    async cache(db: Executor, key: string, value: unknown) {
      await db
        .insert(lookupCache)
        .values({ cacheKey: key, value })
        .onConflictDoUpdate({ target: lookupCache.cacheKey, set: { value, fetchedAt: sql`now()` } });
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
