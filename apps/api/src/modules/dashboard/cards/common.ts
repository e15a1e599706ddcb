import type { SQL } from 'drizzle-orm';
import type { DashboardCardData, DashboardCardKey } from '@assoc/domain';
import type { Executor } from '../../../db/client.js';

/** What a card's query gets: the months of its time axis, the caller (per-user cards) and "now" (tests fix it). */
export interface CardQueryContext {
  period: number;
  userId: number;
  now: Date;
  /**
   * What a card may keep for the life of the process (not dropped by `invalidate`): numbers that cannot change, such as
   * a locked period's (the ledger's triggers refuse any change to it).
   */
  memo: Map<string, unknown>;
}

/** The part of a card's answer its query computes (the service adds key, title, link, period and time). */
export type CardNumbers = Pick<DashboardCardData, 'total' | 'subtitle' | 'parts'>;

export interface CardQuery {
  key: DashboardCardKey;
  /** The numbers depend on the caller (e.g. what they have read): cached per user, not per role set. */
  perUser?: boolean;
  compute(db: Executor, ctx: CardQueryContext): Promise<CardNumbers>;
}

export type Row = Record<string, unknown>;
export const rowsOf = async <T>(db: Executor, query: SQL) => (await db.execute<Row>(query)).rows as T[];

/** The association's calendar. */
export const APP_ZONE = 'America/Sao_Paulo';

/** The first day of the month `period - 1` months before this one (São Paulo), as 'YYYY-MM-DD'. */
export function periodStart(now: Date, period: number): { start: string; months: Array<{ year: number; month: number }> } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: APP_ZONE, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const months: Array<{ year: number; month: number }> = [];
  for (let i = period - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  const first = months[0]!;
  return { start: `${first.year}-${String(first.month).padStart(2, '0')}-01`, months };
}

/** 'MM/YYYY'. */
export const monthText = (year: number, month: number) => `${String(month).padStart(2, '0')}/${year}`;

/** 'YYYY-MM' of a month key as SQL gives it (to_char(..., 'YYYY-MM')) → 'MM/YYYY'. */
export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
