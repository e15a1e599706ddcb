import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { currentUser } from '../modules/auth/session.js';
import { notFound } from './errors.js';

/** The member (cstId) an object belongs to, or null when there is no such object. */
export type OwnerResolver = (db: Executor, id: number) => Promise<number | null>;

/**
 * The object-level rule of calls keyed by another id (issue 28: a charge's cobId, a statement entry, a document, a
 * photo): the module owning that kind of object registers, by the path parameter its contracts name in `owner`,
 * how to find whose it is. One rule for all of them, in `checkOwner`.
 */
export function registerOwner(app: FastifyInstance, param: string, resolve: OwnerResolver) {
  if (app.ownerResolvers.has(param)) throw new Error(`owner resolver for ${param} registered twice`);
  app.ownerResolvers.set(param, resolve);
}

/** Whether `cstId` is the caller's own member or one of its dependents. */
async function isOwnOrDependent(db: Executor, cstId: number, own: number): Promise<boolean> {
  if (cstId === own) return true;
  const { rows } = await db.execute(sql`select 1 from customers where cst_id = ${cstId} and parent_id = ${own}`);
  return rows.length > 0;
}

/**
 * A caller whose roles do not grant the call: only an object of their own member (or a dependent's); a user with no
 * member, an unknown id or anyone else's object answers 404 alike, so ids cannot be probed.
 */
export async function checkOwner(request: FastifyRequest, param: string): Promise<void> {
  const user = currentUser(request);
  const resolve = request.server.ownerResolvers.get(param);
  const id = Number((request.params as Record<string, unknown>)[param]);
  if (!resolve || user.cstId === null || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound();
  const owner = await resolve(request.server.db, id);
  if (owner === null || !(await isOwnOrDependent(request.server.db, owner, user.cstId))) throw notFound();
}
