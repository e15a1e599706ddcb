import type pg from 'pg';

/** One stored file's record (decision 9). */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  sha256: string | null;
  storageKey: string;
  createdBy: number | null;
  createdAt: Date;
}

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

const COLUMNS = `id, name, mime_type as "mimeType", size, sha256, storage_key as "storageKey", created_by as "createdBy", created_at as "createdAt"`;

/** SQL of the files and file_links tables. */
export function createFilesRepository(pool: pg.Pool) {
  return {
    async insert(db: Queryable, f: Omit<StoredFile, 'createdAt'>) {
      const { rows } = await db.query<StoredFile>(
        `insert into files (id, name, mime_type, size, sha256, storage_key, created_by) values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
        [f.id, f.name, f.mimeType, f.size, f.sha256, f.storageKey, f.createdBy],
      );
      return rows[0]!;
    },
    async find(id: string) {
      const { rows } = await pool.query<StoredFile>(`select ${COLUMNS} from files where id = $1`, [id]);
      return rows[0] ?? null;
    },
    async links(fileId: string) {
      const { rows } = await pool.query<{ ownerKind: string; ownerId: string }>(
        `select owner_kind as "ownerKind", owner_id as "ownerId" from file_links where file_id = $1`,
        [fileId],
      );
      return rows;
    },
    /** Removes the owner's links (all, or all but `keep`) and answers the files left without any owner. */
    async unlink(db: Queryable, ownerKind: string, ownerId: string, keep: string | null) {
      const { rows } = await db.query<StoredFile>(
        `with gone as (delete from file_links where owner_kind = $1 and owner_id = $2 and ($3::uuid is null or file_id <> $3::uuid) returning file_id)
         select ${COLUMNS} from files where id in (select file_id from gone)
           and not exists (select 1 from file_links l where l.file_id = files.id and not (l.owner_kind = $1 and l.owner_id = $2))`,
        [ownerKind, ownerId, keep],
      );
      return rows;
    },
    link: (db: Queryable, ownerKind: string, ownerId: string, fileId: string) =>
      db.query(`insert into file_links (owner_kind, owner_id, file_id) values ($1, $2, $3) on conflict do nothing`, [ownerKind, ownerId, fileId]),
    remove: (db: Queryable, id: string) => db.query('delete from files where id = $1', [id]),
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;
