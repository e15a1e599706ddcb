import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The user who started a job as the actor of what the job writes (audit, outbox, its own rows, the bell's result):
 * id and name; `fallback` (the job's own label) names a user gone since, or one without a name. The one lookup of
 * every job: a job has no request, so no session user to take the name from.
 */
export async function jobActor(db: Executor, userId: number, fallback: string): Promise<Actor> {
  const { rows } = await db.execute<{ name: string | null }>(sql`select name from users where user_id = ${userId}`);
  return { userId, name: rows[0]?.name || fallback };
}
