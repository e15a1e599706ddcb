import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginLimits, passwordResetRequests, passwordResets, sessions, users } from '../../db/schema/index.js';

export interface ResetTarget {
  userId: number;
  cpf: string;
  name: string;
  email: string;
  cstId: number | null;
}

export function createPasswordResetRepository() {
  return {
    async countRecentRequests(db: Executor, cpf: string, ip: string, windowMinutes: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(passwordResetRequests)
        .where(
          and(
            eq(passwordResetRequests.cpf, cpf),
            eq(passwordResetRequests.ip, ip),
            gt(passwordResetRequests.at, sql`now() - make_interval(mins => ${windowMinutes})`),
          ),
        );
      return row?.n ?? 0;
    },

    async recordRequest(db: Executor, cpf: string, ip: string) {
      await db.insert(passwordResetRequests).values({ cpf, ip });
    },

    /** The account of this CPF, active or not (for the security event). */
    async findUserId(db: Executor, cpf: string): Promise<number | undefined> {
      const [row] = await db.select({ userId: users.userId }).from(users).where(eq(users.cpf, cpf));
      return row?.userId;
    },

    /** An active user of this CPF with an e-mail: the only kind a reset link is sent to. */
    async findTarget(db: Executor, cpf: string): Promise<ResetTarget | undefined> {
      const [row] = await db
        .select({ userId: users.userId, cpf: users.cpf, name: users.name, email: users.email, cstId: users.cstId })
        .from(users)
        .where(and(eq(users.cpf, cpf), eq(users.active, true)));
      if (!row?.email?.trim()) return undefined;
      return { ...row, email: row.email.trim() };
    },

    /** A new code replaces the user's earlier unused ones. */
    async createCode(tx: Executor, userId: number, codeHash: string, minutes: number) {
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      await tx.insert(passwordResets).values({ userId, codeHash, expiresAt: sql`now() + make_interval(mins => ${minutes})` });
    },

    /** The code row locked for this transaction, with its user's CPF. */
    async lockCode(tx: Executor, codeHash: string) {
      const result = await tx.execute<{ id: number; user_id: number; cpf: string; name: string; used: boolean; expired: boolean }>(sql`
        select r.id, r.user_id, u.cpf, u.name, r.used_at is not null as used, r.expires_at <= now() as expired
          from password_resets r join users u on u.user_id = r.user_id
         where r.code_hash = ${codeHash} and u.active
           for update of r`);
      return result.rows[0];
    },

    /**
     * Sets the new hash, spends every open code of the user, ends their sessions and unlocks the CPF's sign-in
     * limit (the e-mailed link proved the account is theirs). The failures stay in login_failures for the audit.
     */
    async changePassword(tx: Executor, userId: number, cpf: string, passwordHash: string) {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(users.userId, userId));
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await tx.delete(loginLimits).where(eq(loginLimits.key, `cpf:${cpf}`));
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
