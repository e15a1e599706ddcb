import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { totpSetups, users } from '../../db/schema/index.js';

export function createToolsRepository(db: Db) {
  return {
    /** Keeps the new secret as pending (replacing an unfinished set-up); the active one is untouched. */
    async savePendingSecret(userId: number, secret: string) {
      await db
        .insert(totpSetups)
        .values({ userId, secret })
        .onConflictDoUpdate({ target: totpSetups.userId, set: { secret, createdAt: sql`now()` } });
    },

    async findPendingSecret(userId: number, maxAgeMinutes: number): Promise<string | undefined> {
      const [row] = await db
        .select({ secret: totpSetups.secret })
        .from(totpSetups)
        .where(sql`${totpSetups.userId} = ${userId} and ${totpSetups.createdAt} > now() - make_interval(mins => ${maxAgeMinutes})`);
      return row?.secret;
    },

    /** The confirmed secret becomes the user's access code; the pending row goes. */
    async activateSecret(userId: number, secret: string) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ totpSecret: secret, updatedAt: sql`now()` }).where(eq(users.userId, userId));
        await tx.delete(totpSetups).where(eq(totpSetups.userId, userId));
      });
    },
  };
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>;
