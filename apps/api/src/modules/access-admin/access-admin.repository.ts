import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profileRoles, profiles, sessions, userRoles, users } from '../../db/schema/index.js';

/** Data access of Avançado → Acessos: profiles with their roles, users with extra roles. */
export function createAccessAdminRepository() {
  return {
    async listProfiles(db: Executor) {
      const rows = await db
        .select({
          permId: profiles.permId,
          name: profiles.name,
          description: profiles.description,
          roles: sql<
            string[]
          >`coalesce((select array_agg(pr.role order by pr.role) from profile_roles pr where pr.perm_id = "profiles"."perm_id"), '{}')::text[]`,
          userCount: sql<number>`(select count(*) from users u where u.perm_id = "profiles"."perm_id")::int`,
        })
        .from(profiles)
        .orderBy(asc(profiles.name));
      return rows;
    },
    async findProfile(db: Executor, permId: number) {
      return (await this.listProfiles(db)).find((p) => p.permId === permId) ?? null;
    },
    async lockProfile(db: Executor, permId: number) {
      const [row] = await db.select().from(profiles).where(eq(profiles.permId, permId)).for('update');
      return row ?? null;
    },
    async profileNameTaken(db: Executor, name: string, exceptId: number | null) {
      const cond =
        exceptId == null
          ? sql`lower(${profiles.name}) = lower(${name})`
          : and(sql`lower(${profiles.name}) = lower(${name})`, ne(profiles.permId, exceptId));
      return (await db.select({ id: profiles.permId }).from(profiles).where(cond).limit(1)).length > 0;
    },
    async insertProfile(db: Executor, values: { name: string; description: string }) {
      const [row] = await db.insert(profiles).values(values).returning();
      return row!;
    },
    async updateProfile(db: Executor, permId: number, values: { name: string; description: string }) {
      await db.update(profiles).set(values).where(eq(profiles.permId, permId));
    },
    async setProfileRoles(db: Executor, permId: number, roles: string[]) {
      await db.delete(profileRoles).where(eq(profileRoles.permId, permId));
      if (roles.length) await db.insert(profileRoles).values(roles.map((role) => ({ permId, role })));
    },
    async profileRoles(db: Executor, permId: number) {
      return (await db.select({ role: profileRoles.role }).from(profileRoles).where(eq(profileRoles.permId, permId))).map((r) => r.role);
    },
    async countUsersOfProfile(db: Executor, permId: number) {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.permId, permId));
      return Number(row?.n ?? 0);
    },
    async userHasProfile(db: Executor, userId: number, permId: number) {
      return (
        (
          await db
            .select({ id: users.userId })
            .from(users)
            .where(and(eq(users.userId, userId), eq(users.permId, permId)))
            .limit(1)
        ).length > 0
      );
    },
    async deleteProfile(db: Executor, permId: number) {
      await db.delete(profiles).where(eq(profiles.permId, permId));
    },

    async listUsers(db: Executor, userId?: number) {
      const rows = await db
        .select({
          userId: users.userId,
          cpf: users.cpf,
          name: users.name,
          email: users.email,
          permId: users.permId,
          profileName: profiles.name,
          extraRoles: sql<
            string[]
          >`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."user_id"), '{}')::text[]`,
          fnAllowExternal: users.fnAllowExternal,
          active: users.active,
          hasAuthenticator: sql<boolean>`${users.totpSecret} is not null`,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.permId, users.permId))
        .where(userId === undefined ? undefined : eq(users.userId, userId))
        .orderBy(asc(users.name), asc(users.userId));
      return rows;
    },
    async findUser(db: Executor, userId: number) {
      return (await this.listUsers(db, userId))[0] ?? null;
    },
    async lockUser(db: Executor, userId: number) {
      const [row] = await db.select({ userId: users.userId }).from(users).where(eq(users.userId, userId)).for('update');
      return row ?? null;
    },
    async cpfTaken(db: Executor, cpf: string, exceptId: number | null) {
      const cond = exceptId == null ? eq(users.cpf, cpf) : and(eq(users.cpf, cpf), ne(users.userId, exceptId));
      return (await db.select({ id: users.userId }).from(users).where(cond).limit(1)).length > 0;
    },
    async insertUser(db: Executor, values: typeof users.$inferInsert) {
      const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
      return row!.userId;
    },
    async updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>) {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.userId, userId));
    },
    async setUserRoles(db: Executor, userId: number, roles: string[]) {
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId, role })));
    },
    async revokeSessions(db: Executor, userId: number) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type AccessAdminRepository = ReturnType<typeof createAccessAdminRepository>;
