import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { fileLinks, files } from '../../db/schema/index.js';

/** One stored file's record (decision 9). */
export type StoredFile = typeof files.$inferSelect;

/** What removing a file needs: its record's id and the key of its bytes. */
export type StoredFileKey = Pick<StoredFile, 'id' | 'storageKey'>;

/** SQL of the files and file_links tables; every method runs on the caller's executor (the database or its transaction). */
export function createFilesRepository() {
  return {
    async insert(db: Executor, f: Omit<StoredFile, 'createdAt'>): Promise<StoredFile> {
      const [row] = await db.insert(files).values(f).returning();
      return row!;
    },
    /** Many records in one statement, answered in the order given. */
    async insertMany(db: Executor, list: readonly Omit<StoredFile, 'createdAt'>[]): Promise<StoredFile[]> {
      if (list.length === 0) return [];
      const rows = await db
        .insert(files)
        .values([...list])
        .returning();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return list.map((f) => byId.get(f.id)!);
    },
    async find(db: Executor, id: string): Promise<StoredFile | null> {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row ?? null;
    },
    links: (db: Executor, fileId: string) =>
      db.select({ ownerKind: fileLinks.ownerKind, ownerId: fileLinks.ownerId }).from(fileLinks).where(eq(fileLinks.fileId, fileId)),
    /** Removes the owner's links (all, or all but `keep`) and answers the files left without any owner. */
    async unlink(db: Executor, ownerKind: string, ownerId: string, keep: string | null): Promise<StoredFileKey[]> {
      const { rows } = await db.execute<StoredFileKey>(sql`
        with gone as (delete from file_links where owner_kind = ${ownerKind} and owner_id = ${ownerId}
                        and (${keep}::uuid is null or file_id <> ${keep}::uuid) returning file_id)
        select id, storage_key as "storageKey" from files where id in (select file_id from gone)
          and not exists (select 1 from file_links l where l.file_id = files.id and not (l.owner_kind = ${ownerKind} and l.owner_id = ${ownerId}))`);
      return rows;
    },
    async link(db: Executor, ownerKind: string, ownerId: string, fileId: string) {
      await db.insert(fileLinks).values({ ownerKind, ownerId, fileId }).onConflictDoNothing();
    },
    async remove(db: Executor, id: string) {
      await db.delete(files).where(eq(files.id, id));
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
