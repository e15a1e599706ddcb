import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SECURITY_CATEGORY, type OwnSecurityEvent } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { recoveryCodes, sessions, users } from '../../db/schema/index.js';

export interface OwnSessionRow {
  id: number;
  userAgent: string;
  ip: string;
  since: string;
  lastSeen: string;
}

/** Every statement is scoped to the caller's user id: another user's session is never read nor ended. */
export function createAccountSecurityRepository() {
  return {
    /** The user's live sessions (not revoked, not expired, younger than maxDays: as the guard sees them), newest first. */
    async liveSessions(db: Executor, userId: number, maxDays: number): Promise<OwnSessionRow[]> {
      const { rows } = await db.execute<OwnSessionRow & Record<string, unknown>>(sql`
        select session_id as id, user_agent as "userAgent", ip,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as since,
               to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastSeen"
          from sessions
         where user_id = ${userId} and revoked_at is null and expires_at > now()
           and created_at > now() - ${maxDays}::float8 * interval '1 day'
         order by last_seen_at desc, session_id desc`);
      return rows;
    },

    /** The user's newest security events (audits_owner_idx: category, owner, at); only non-secret fields. */
    async ownEvents(db: Executor, userId: number, limit: number): Promise<OwnSecurityEvent[]> {
      const { rows } = await db.execute<OwnSecurityEvent & Record<string, unknown>>(sql`
        select audit_id as id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, action as kind,
               after->>'ip' as ip, after->>'reason' as reason
          from audits
         where category = ${SECURITY_CATEGORY} and owner_id = ${userId}
         order by at desc, audit_id desc
         limit ${limit}`);
      return rows;
    },

    /** Ends one live session of this user; false when it is not theirs or already ended. */
    async revokeOwnSession(tx: Executor, userId: number, sessionId: number): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.sessionId, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ sessionId: sessions.sessionId });
      return rows.length > 0;
    },

    /** Ends the user's other live sessions; their ids, for closing their sockets. */
    async revokeOtherSessions(tx: Executor, userId: number, keepSessionId: number): Promise<number[]> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), ne(sessions.sessionId, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ sessionId: sessions.sessionId });
      return rows.map((r) => r.sessionId);
    },

    /**
     * Counts one request for a new set against the user's counter in login_limits (key 'recovery:{userId}', the
     * sign-in's window, pruned with the sign-in's counters); the count including this one.
     */
    async countRecoveryRequest(db: Executor, userId: number, windowMinutes: number, kind: 'recovery' | 'password' = 'recovery'): Promise<number> {
      const { rows } = await db.execute<{ count: number }>(sql`
        insert into login_limits as l (key, window_start, count) values (${`${kind}:${userId}`}, now(), 1)
        on conflict (key) do update set
          count = case when l.window_start < now() - make_interval(mins => ${windowMinutes}) then 1 else l.count + 1 end,
          window_start = case when l.window_start < now() - make_interval(mins => ${windowMinutes}) then now() else l.window_start end
        returning count`);
      return rows[0]!.count;
    },

    /** The user's password hash and CPF (the strength rule counts the CPF as a guessable word). */
    async credentials(db: Executor, userId: number) {
      const [row] = await db.select({ passwordHash: users.passwordHash, cpf: users.cpf }).from(users).where(eq(users.userId, userId));
      return row;
    },

    /** Sets the new hash. */
    async setPassword(tx: Executor, userId: number, passwordHash: string) {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.userId, userId));
    },

    /** Locks the user's row and tells whether an authenticator is set (two new sets at once apply one after the other). */
    async lockUserTotp(tx: Executor, userId: number): Promise<boolean> {
      const [row] = await tx.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.userId, userId)).for('update');
      return !!row?.totpSecret;
    },

    /** Replaces the user's recovery codes by these hashes (the previous set, spent or not, is gone). */
    async replaceRecoveryCodes(tx: Executor, userId: number, hashes: string[]) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },
  };
}

export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>;
