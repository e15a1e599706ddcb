import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { executeNamed } from '../../lib/sql.js';
import { loginFailures, loginLimits, recoveryCodes, sessions } from '../../db/schema/index.js';
import { recordSecurityEvent, type SecurityEvent } from '../../lib/security-events.js';
import type { SessionUser } from './session.js';

export interface UserForSignIn {
  userId: number;
  cpf: string;
  name: string;
  passwordHash: string;
  cstId: number | null;
  active: boolean;
  fnAllowExternal: boolean;
  totpSecret: string | null;
  roles: string[];
  /** Zip of the member's default address, for the dashboard weather. */
  cep: string;
}

const USER_SQL = sql`
  select u.user_id as "userId", u.cpf, u.name, u.password_hash as "passwordHash", u.cst_id as "cstId",
         u.active, u.fn_allow_external as "fnAllowExternal", u.totp_secret as "totpSecret",
         array(select pr.role from profile_roles pr where pr.perm_id = u.perm_id
               union select ur.role from user_roles ur where ur.user_id = u.user_id)::text[] as roles,
         coalesce((select a.ad_zipcode from addresses a join customers c on c.cst_id = a.cst_id
                    where a.cst_id = u.cst_id order by (a.kind = c.endereco_selected) desc, a.kind limit 1), '') as cep
    from users u`;

/** The live session of a token hash with its user's roles, and the searchable people's version (issue 7). */
const SESSION_SQL = `
  select s.session_id, s.user_id, s.xsrf_token, u.cpf, u.name, u.cst_id, u.must_change_password,
         array(select pr.role from profile_roles pr where pr.perm_id = u.perm_id
               union select ur.role from user_roles ur where ur.user_id = u.user_id)::text[] as roles,
         s.last_seen_at < now() - interval '60 seconds' as stale,
         (select v from data_versions where name = 'people')::text as people_version
    from sessions s join users u on u.user_id = s.user_id
   where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() and u.active
     and s.created_at > now() - $2::float8 * interval '1 day'`;

interface SessionLookupRow {
  session_id: number;
  user_id: number;
  xsrf_token: string;
  cpf: string;
  name: string;
  cst_id: number | null;
  must_change_password: boolean;
  roles: string[];
  stale: boolean;
  people_version: string | null;
}

export interface SessionRow {
  user: SessionUser;
  /** last_seen_at is more than a minute old: the sliding expiry is due. */
  stale: boolean;
  peopleVersion: number;
}

/** Every method runs on the caller's executor; the session lookup is a named statement (planned once per connection). */
export function createAuthRepository() {
  return {
    /** The live session of this token hash (not revoked, not expired, user active, younger than maxDays). */
    async findSession(db: Executor, tokenHash: string, maxDays: number): Promise<SessionRow | null> {
      // Named, so each connection plans it once: planning the role union costs more than running it.
      const { rows } = await executeNamed<SessionLookupRow>(db, { name: 'session-lookup', text: SESSION_SQL, values: [tokenHash, maxDays] });
      const row = rows[0];
      if (!row) return null;
      return {
        user: {
          sessionId: row.session_id,
          userId: row.user_id,
          cpf: row.cpf,
          name: row.name,
          cstId: row.cst_id,
          roles: row.roles,
          xsrfToken: row.xsrf_token,
          mustChangePassword: row.must_change_password === true,
        },
        stale: row.stale === true,
        peopleVersion: Number(row.people_version ?? -1),
      };
    },

    /** Sliding expiry: the session lives ttlHours more from now. */
    async touchSession(db: Executor, sessionId: number, ttlHours: number) {
      await db.execute(
        sql`update sessions set last_seen_at = now(), expires_at = now() + make_interval(hours => ${ttlHours}) where session_id = ${sessionId}`,
      );
    },

    async findUserByCpf(db: Executor, cpf: string): Promise<UserForSignIn | undefined> {
      const result = await db.execute<UserForSignIn & Record<string, unknown>>(sql`${USER_SQL} where u.cpf = ${cpf}`);
      return result.rows[0];
    },

    /**
     * Claims a TOTP time step (issue 8 §6): false when it is not newer than the user's last one (a replay).
     * One conditional UPDATE: of two parallel sign-ins with the same code, the second finds the step taken.
     */
    async claimTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
      const result = await db.execute(sql`
        update users set totp_last_step = ${step}
         where user_id = ${userId} and (totp_last_step is null or totp_last_step < ${step})
        returning user_id`);
      return result.rows.length > 0;
    },

    /** The user's unspent recovery codes (id and argon2id hash), for a sign-in that offers one. */
    async unusedRecoveryCodes(db: Executor, userId: number): Promise<{ id: number; codeHash: string }[]> {
      return db
        .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    },

    /**
     * Spends a recovery code, with its security event, in one transaction: false when it was spent (or its set
     * replaced) meanwhile, so of two parallel sign-ins with the same code only one passes.
     */
    async spendRecoveryCode(db: Executor, codeId: number, event: SecurityEvent): Promise<boolean> {
      return db.transaction(async (tx) => {
        const spent = await tx
          .update(recoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(recoveryCodes.id, codeId), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id });
        if (spent.length === 0) return false;
        await recordSecurityEvent(tx, event);
        return true;
      });
    },

    async findUserById(db: Executor, userId: number): Promise<UserForSignIn | undefined> {
      const result = await db.execute<UserForSignIn & Record<string, unknown>>(sql`${USER_SQL} where u.user_id = ${userId}`);
      return result.rows[0];
    },

    /**
     * Counts this attempt against the CPF's counter (any address) and the address's counter (any CPF) in one
     * statement: the row locks of ON CONFLICT DO UPDATE serialize concurrent attempts, so each sees the
     * count including every earlier attempt (issue 8 §2). A counter whose window has passed, or that holds
     * nothing, starts again: the window runs from the first failure (or attempt in progress) it counts.
     * Rows are locked CPF first, then address, in every statement, so two attempts cannot deadlock.
     */
    async reserveAttempt(db: Executor, cpf: string, ip: string, windowMinutes: number): Promise<{ cpf: number; ip: number }> {
      const cpfKey = `cpf:${cpf}`;
      const result = await db.execute<{ key: string; count: number }>(sql`
        insert into login_limits as l (key, window_start, count)
        values (${cpfKey}, now(), 1), (${`ip:${ip}`}, now(), 1)
        on conflict (key) do update set
          count = case when l.count = 0 or l.window_start < now() - make_interval(mins => ${windowMinutes}) then 1 else l.count + 1 end,
          window_start = case when l.count = 0 or l.window_start < now() - make_interval(mins => ${windowMinutes}) then now() else l.window_start end
        returning key, count`);
      const counts = { cpf: 0, ip: 0 };
      for (const row of result.rows) counts[row.key === cpfKey ? 'cpf' : 'ip'] = row.count;
      return counts;
    },

    /** Forgets counters whose window has passed (they would restart anyway); run now and then. */
    async pruneLimits(db: Executor, windowMinutes: number) {
      await db.delete(loginLimits).where(sql`${loginLimits.windowStart} < now() - make_interval(mins => ${windowMinutes})`);
    },

    /** Gives back an attempt that was not a failure (success, code asked, refused by the limit…). */
    async releaseAttempt(db: Executor, cpf: string, ip: string) {
      // One row per statement, CPF first: the same lock order as reserveAttempt.
      for (const key of [`cpf:${cpf}`, `ip:${ip}`]) {
        await db
          .update(loginLimits)
          .set({ count: sql`greatest(${loginLimits.count} - 1, 0)` })
          .where(eq(loginLimits.key, key));
      }
    },

    /** A failed sign-in: kept (the limit's counter already holds it) with its security event. */
    async recordFailure(db: Executor, cpf: string, ip: string, event: SecurityEvent) {
      await db.transaction(async (tx) => {
        await tx.insert(loginFailures).values({ cpf, ip });
        await recordSecurityEvent(tx, event);
      });
    },

    async recordEvent(db: Executor, event: SecurityEvent) {
      await recordSecurityEvent(db, event);
    },

    async createSession(
      db: Executor,
      input: {
        tokenHash: string;
        userId: number;
        xsrfToken: string;
        subscriberId: string;
        ip: string;
        userAgent: string;
        ttlHours: number;
        /** Signed in with a recovery code (issue 28 item 4). */
        recovered?: boolean;
      },
      event: SecurityEvent,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sessions)
          .values({
            tokenHash: input.tokenHash,
            userId: input.userId,
            xsrfToken: input.xsrfToken,
            subscriberId: input.subscriberId,
            ip: input.ip,
            userAgent: input.userAgent.slice(0, 400),
            expiresAt: sql`now() + make_interval(hours => ${input.ttlHours})`,
            ...(input.recovered ? { recoveredAt: sql`now()` } : {}),
          })
          .returning({ sessionId: sessions.sessionId });
        await recordSecurityEvent(tx, event);
        return row!.sessionId;
      });
    },

    /** Ends a session; the event (sign-out, or a sign-in replacing it) is written in the same transaction. */
    async revokeSession(db: Executor, sessionId: number, event?: SecurityEvent) {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(eq(sessions.sessionId, sessionId));
        if (event) await recordSecurityEvent(tx, event);
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
