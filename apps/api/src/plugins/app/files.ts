import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type pg from 'pg';

/** One stored file's record (decision 9). */
export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: Date;
}

/**
 * The file store (decision 9): bytes in a local folder (DATA_DIR/files) under a generated id, the
 * display name, type and size in the `files` table. An S3-compatible backend can replace `dir` later.
 */
export interface FileStore {
  save(input: { name: string; mimeType: string; data: Buffer }): Promise<StoredFile>;
  find(id: string): Promise<StoredFile | null>;
  read(id: string): Promise<Buffer>;
  stream(id: string): fs.ReadStream;
  remove(id: string): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createFileStore(pool: pg.Pool, dataDir: string): FileStore {
  const dir = path.join(dataDir, 'files');
  fs.mkdirSync(dir, { recursive: true });
  const fileOf = (id: string) => {
    if (!UUID.test(id)) throw new Error(`invalid file id ${id}`);
    return path.join(dir, id);
  };
  const toStored = (row: Record<string, unknown>): StoredFile => ({
    id: row.id as string, name: row.name as string, mimeType: row.mime_type as string, size: row.size as number, createdAt: row.created_at as Date,
  });
  return {
    async save({ name, mimeType, data }) {
      const id = crypto.randomUUID();
      // Bytes first (written under a temporary name, then renamed), the record after: a crash leaves at most an orphan file.
      const tmp = `${fileOf(id)}.tmp`;
      await fs.promises.writeFile(tmp, data);
      await fs.promises.rename(tmp, fileOf(id));
      const { rows } = await pool.query(
        'insert into files (id, name, mime_type, size) values ($1, $2, $3, $4) returning *',
        [id, name.slice(0, 200), mimeType, data.length],
      );
      return toStored(rows[0]);
    },
    async find(id) {
      if (!UUID.test(id)) return null;
      const { rows } = await pool.query('select * from files where id = $1', [id]);
      return rows[0] ? toStored(rows[0]) : null;
    },
    read: (id) => fs.promises.readFile(fileOf(id)),
    stream: (id) => fs.createReadStream(fileOf(id)),
    async remove(id) {
      if (!UUID.test(id)) return;
      await pool.query('delete from files where id = $1', [id]);
      await fs.promises.rm(fileOf(id), { force: true });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FileStore;
  }
}

export default fp(async (app) => {
  app.decorate('files', createFileStore(app.pool, app.config.DATA_DIR));
}, { name: 'files', dependencies: ['db'] });
