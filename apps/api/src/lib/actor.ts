import type { FastifyRequest } from 'fastify';
import { currentUser } from '../modules/auth/session.js';

/** Who did a write, as the audit and the security events record it. */
export interface Actor {
  userId: number;
  name: string;
}

/** The actor of a user record (the session's user, a user just signed in): only id and name, nothing else. */
export const actorFrom = (user: Actor): Actor => ({ userId: user.userId, name: user.name });

/** The signed-in user of a guarded route as the actor of its writes. */
export const actorOf = (request: FastifyRequest): Actor => actorFrom(currentUser(request));
