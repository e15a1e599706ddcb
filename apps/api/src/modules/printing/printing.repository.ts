import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { fileLinks, printJobs, userPreferences } from '../../db/schema/index.js';

export const PRINT_JOB_OWNER = 'print-job';

/** SQL of the preferences and the print queue (issue 11). */
export function createPrintingRepository() {
  return {
    async preferencesOf(db: Executor, userId: number, forUpdate = false): Promise<Record<string, unknown> | null> {
      const query = db.select({ preferences: userPreferences.preferences }).from(userPreferences).where(eq(userPreferences.userId, userId));
      const rows = forUpdate ? await query.for('update') : await query;
      return (rows[0]?.preferences as Record<string, unknown> | undefined) ?? null;
    },

    async savePreferences(tx: Executor, userId: number, preferences: Record<string, unknown>) {
      await tx
        .insert(userPreferences)
        .values({ userId, preferences })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { preferences, updatedAt: sql`now()` } });
    },

    /** The job row and its file link, in the caller's transaction. */
    async insertJob(tx: Executor, job: typeof printJobs.$inferInsert & { fileId: string }) {
      const [row] = await tx.insert(printJobs).values(job).returning({ id: printJobs.id });
      await tx
        .insert(fileLinks)
        .values({ ownerKind: PRINT_JOB_OWNER, ownerId: String(row!.id), fileId: job.fileId })
        .onConflictDoNothing();
      return row!.id;
    },

    async setResult(db: Executor, id: number, error: string | null) {
      await db
        .update(printJobs)
        .set(error ? { status: 'failed', error } : { status: 'sent', error: null, sentAt: sql`now()` })
        .where(eq(printJobs.id, id));
    },

    async job(db: Executor, id: number) {
      const [row] = await db.select().from(printJobs).where(eq(printJobs.id, id));
      return row ?? null;
    },

    list: (db: Executor, limit: number) => db.select().from(printJobs).orderBy(desc(printJobs.createdAt), desc(printJobs.id)).limit(limit),
  };
}
export type PrintingRepository = ReturnType<typeof createPrintingRepository>;
