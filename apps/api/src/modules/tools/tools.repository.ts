import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, totpSetups, users } from '../../db/schema/index.js';
import { SEALED_PREFIX, type SecretBox } from '../../lib/secret-box.js';

/** LIKE pattern of a sealed value; anything else is clear text from before issue 8. */
const SEALED_PATTERN = `${SEALED_PREFIX}%`;

export function createToolsRepository() {
  return {
    /**
     * Keeps the new (sealed) secret as pending, replacing an unfinished set-up; the active one is untouched.
     * The failure count survives, so regenerating does not buy more guesses of the password.
     */
    async savePendingSecret(db: Executor, userId: number, sealedSecret: string) {
      await db
        .insert(totpSetups)
        .values({ userId, secret: sealedSecret })
        .onConflictDoUpdate({ target: totpSetups.userId, set: { secret: sealedSecret, createdAt: sql`now()` } });
    },

    async findPendingSecret(db: Executor, userId: number, maxAgeMinutes: number): Promise<string | undefined> {
      const [row] = await db
        .select({ secret: totpSetups.secret })
        .from(totpSetups)
        .where(sql`${totpSetups.userId} = ${userId} and ${totpSetups.createdAt} > now() - make_interval(mins => ${maxAgeMinutes})`);
      return row?.secret;
    },

    /** What proves the user at confirmation: the password hash and the active (sealed) secret. */
    async findCredentials(db: Executor, userId: number) {
      const [row] = await db.select({ passwordHash: users.passwordHash, totpSecret: users.totpSecret }).from(users).where(eq(users.userId, userId));
      return row;
    },

    /** Whether this live session was signed in with a recovery code and has not yet reset the authenticator (issue 28). */
    async sessionRecovered(db: Executor, sessionId: number): Promise<boolean> {
      const [row] = await db
        .select({ recoveredAt: sessions.recoveredAt })
        .from(sessions)
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
      return !!row?.recoveredAt;
    },

    /** The recovery sign-in's leave to reset is spent with the reset: one reset per such sign-in. */
    async spendSessionRecovery(tx: Executor, sessionId: number) {
      await tx.update(sessions).set({ recoveredAt: null }).where(eq(sessions.sessionId, sessionId));
    },

    /** Counts one proof attempt before it is checked (one statement, so parallel guesses are all counted). */
    async reserveProofAttempt(db: Executor, userId: number): Promise<number> {
      const [row] = await db
        .update(totpSetups)
        .set({ failures: sql`${totpSetups.failures} + 1` })
        .where(eq(totpSetups.userId, userId))
        .returning({ failures: totpSetups.failures });
      return row?.failures ?? 0;
    },

    /** A right proof gives its attempt back. */
    async releaseProofAttempt(db: Executor, userId: number) {
      await db
        .update(totpSetups)
        .set({ failures: sql`greatest(${totpSetups.failures} - 1, 0)` })
        .where(eq(totpSetups.userId, userId));
    },

    async discardPendingSecret(db: Executor, userId: number) {
      await db.delete(totpSetups).where(eq(totpSetups.userId, userId));
    },

    /**
     * The confirmed secret becomes the user's access code, in one conditional UPDATE: only if the active secret
     * is still the one proven (`previous`) and the current code's time step is newer than the last one used
     * (no replay). The new code's step is spent too. False when either condition fails. The pending row goes.
     */
    async activateSecret(
      tx: Executor,
      input: { userId: number; sealedSecret: string; previous: string | null; currentStep: number | null; newStep: number },
    ) {
      const lastStep = Math.max(input.newStep, input.currentStep ?? 0);
      const result = await tx.execute(sql`
        update users
           set totp_secret = ${input.sealedSecret}, totp_last_step = greatest(coalesce(totp_last_step, 0), ${lastStep}::bigint), updated_at = now()
         where user_id = ${input.userId}
           and totp_secret is not distinct from ${input.previous}
           and (${input.currentStep}::bigint is null or totp_last_step is null or totp_last_step < ${input.currentStep}::bigint)
        returning user_id`);
      if (result.rows.length === 0) return false;
      await tx.delete(totpSetups).where(eq(totpSetups.userId, input.userId));
      return true;
    },

    /** Ends the user's other live sessions; the ids, for closing their sockets. */
    async revokeOtherSessions(tx: Executor, userId: number, keepSessionId: number): Promise<number[]> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), ne(sessions.sessionId, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ sessionId: sessions.sessionId });
      return rows.map((r) => r.sessionId);
    },

    /**
     * Seals the secrets still in clear text (written before issue 8). Each row is rewritten only if it still
     * holds the value read, so instances starting together do not seal twice. Returns how many were sealed.
     */
    async sealClearSecrets(db: Executor, box: SecretBox): Promise<number> {
      let sealed = 0;
      const active = await db
        .select({ userId: users.userId, secret: users.totpSecret })
        .from(users)
        .where(sql`${users.totpSecret} not like ${SEALED_PATTERN}`);
      for (const row of active) {
        const done = await db
          .update(users)
          .set({ totpSecret: box.seal(row.secret!) })
          .where(and(eq(users.userId, row.userId), eq(users.totpSecret, row.secret!)))
          .returning({ userId: users.userId });
        sealed += done.length;
      }
      const pending = await db
        .select({ userId: totpSetups.userId, secret: totpSetups.secret })
        .from(totpSetups)
        .where(sql`${totpSetups.secret} not like ${SEALED_PATTERN}`);
      for (const row of pending) {
        const done = await db
          .update(totpSetups)
          .set({ secret: box.seal(row.secret) })
          .where(and(eq(totpSetups.userId, row.userId), eq(totpSetups.secret, row.secret)))
          .returning({ userId: totpSetups.userId });
        sealed += done.length;
      }
      return sealed;
    },
  };
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>;
