import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions } from '../../db/schema/index.js';

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

export function createAuthRepository(db: Db) {
  return {
    async findUserByCpf(cpf: string): Promise<UserForSignIn | undefined> {
      const result = await db.execute<UserForSignIn & Record<string, unknown>>(sql`${USER_SQL} where u.cpf = ${cpf}`);
      return result.rows[0];
    },

    async findUserById(userId: number): Promise<UserForSignIn | undefined> {
      const result = await db.execute<UserForSignIn & Record<string, unknown>>(sql`${USER_SQL} where u.user_id = ${userId}`);
      return result.rows[0];
    },

    async countRecentFailures(cpf: string, ip: string, windowMinutes: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginFailures)
        .where(and(eq(loginFailures.cpf, cpf), eq(loginFailures.ip, ip), gt(loginFailures.at, sql`now() - make_interval(mins => ${windowMinutes})`)));
      return row?.n ?? 0;
    },

    async recordFailure(cpf: string, ip: string) {
      await db.insert(loginFailures).values({ cpf, ip });
    },

    async clearFailures(cpf: string, ip: string) {
      await db.delete(loginFailures).where(and(eq(loginFailures.cpf, cpf), eq(loginFailures.ip, ip)));
    },

    async createSession(input: { tokenHash: string; userId: number; xsrfToken: string; subscriberId: string; ip: string; userAgent: string; ttlHours: number }) {
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: input.tokenHash,
          userId: input.userId,
          xsrfToken: input.xsrfToken,
          subscriberId: input.subscriberId,
          ip: input.ip,
          userAgent: input.userAgent.slice(0, 400),
          expiresAt: sql`now() + make_interval(hours => ${input.ttlHours})`,
        })
        .returning({ sessionId: sessions.sessionId });
      return row!.sessionId;
    },

    async revokeSession(sessionId: number) {
      await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.sessionId, sessionId));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
