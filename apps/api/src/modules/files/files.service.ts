import crypto from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { hasRole } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import { createFilesRepository, type StoredFile, type StoredFileKey } from './files.repository.js';
import { SNIFF_BYTES, filesTexts, sniffContentType } from './files.sniff.js';
import type { BlobStore } from './files.store.js';

export type { StoredFile } from './files.repository.js';

/** Whether this user may read the files of this owner (e.g. the job `ownerId`). */
export type OwnerReadRule = (user: SessionUser, ownerId: string) => Promise<boolean>;

export interface SaveInput {
  name: string;
  /** The bytes, whole or streamed (an upload is never held in memory). */
  data: Buffer | Readable;
  createdBy?: number | null;
  /** Refused beyond this (413); the configured FILES_MAX_MB by default. */
  maxBytes?: number;
  /** Sniffed types accepted (415 otherwise); any type when absent. */
  accept?: readonly string[];
}

/** Files written to the store at once by `saveManyIn`. */
const FILE_WRITES = 16;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sniffs the type from the first bytes and enforces the size limit while the bytes stream to the store:
 * a refused file fails the stream, and the store drops what it had written.
 */
function checking(input: SaveInput, maxBytes: number, onType: (type: string) => void) {
  let head: Buffer[] = [];
  let headSize = 0;
  let sniffed = false;
  let total = 0;
  const sniff = () => {
    sniffed = true;
    const type = sniffContentType(Buffer.concat(head), input.name);
    if (input.accept && !input.accept.includes(type)) throw new AppError('unsupportedMediaType', filesTexts.typeRefused);
    onType(type);
    const out = Buffer.concat(head);
    head = [];
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > maxBytes) return done(new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes)));
      if (sniffed) return done(null, chunk);
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < SNIFF_BYTES) return done();
      try {
        done(null, sniff());
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      if (sniffed) return done();
      try {
        done(null, sniff());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * The file service (decision 9, issue 10 §4): saves files (type sniffed, size limited, SHA-256 kept) into the
 * configured store, links them to their owners, and is the one place that decides who may read a file.
 */
export function createFileService(deps: { db: Db; store: BlobStore; maxBytes: number }) {
  const { db, store } = deps;
  const repo = createFilesRepository();
  const rules = new Map<string, OwnerReadRule>();

  /** Streams the bytes into the store (type sniffed, size checked) and answers the record to write. */
  async function putBytes(input: SaveInput): Promise<Omit<StoredFile, 'createdAt'>> {
    const id = crypto.randomUUID();
    if (Buffer.isBuffer(input.data) && store.putBuffer) {
      // Bytes in memory: the same checks as the stream's (which sniffs a single chunk whole), without the stream
      // (issue 30: a batch of e-mailed PDFs).
      const maxBytes = input.maxBytes ?? deps.maxBytes;
      if (input.data.length > maxBytes) throw new AppError('payloadTooLarge', filesTexts.tooLarge(maxBytes));
      const mimeType = sniffContentType(input.data, input.name);
      if (input.accept && !input.accept.includes(mimeType)) throw new AppError('unsupportedMediaType', filesTexts.typeRefused);
      return stored(id, input, mimeType, await store.putBuffer(id, input.data));
    }
    let mimeType = 'application/octet-stream';
    const source = Buffer.isBuffer(input.data) ? Readable.from([input.data]) : input.data;
    const checked = checking(input, input.maxBytes ?? deps.maxBytes, (type) => {
      mimeType = type;
    });
    source.on('error', (error) => checked.destroy(error));
    const put = await store.put(id, source.pipe(checked));
    // Read after the stream: its first chunk set the sniffed type.
    return stored(id, input, mimeType, put);
  }

  /** The file's row as either way of writing it stored it. */
  function stored(id: string, input: SaveInput, mimeType: string, put: { size: number; sha256: string; key: string }): Omit<StoredFile, 'createdAt'> {
    return {
      id,
      name: input.name.slice(0, 200),
      mimeType,
      size: put.size,
      sha256: put.sha256,
      storageKey: put.key,
      createdBy: input.createdBy ?? null,
    };
  }

  async function removeFiles(list: StoredFileKey[]) {
    for (const file of list) {
      await repo.remove(db, file.id);
      await store.delete(file.storageKey);
    }
  }

  return {
    store,
    maxBytes: deps.maxBytes,
    /** Registers who may read the files of an owner kind ('job' → jobs module). */
    ownerRule(kind: string, rule: OwnerReadRule) {
      rules.set(kind, rule);
    },

    /** Bytes first (the store writes atomically), the record after: a crash leaves at most an orphan blob, never a record without bytes. */
    async save(input: SaveInput): Promise<StoredFile> {
      const record = await putBytes(input);
      try {
        return await repo.insert(db, record);
      } catch (error) {
        await store.delete(record.storageKey);
        throw error;
      }
    },

    /**
     * The bytes now, the record in the caller's transaction (`tx`), so the file exists only if that transaction
     * commits: the caller calls `discard()` when it does not (documents.emailTo), and no orphan stays behind.
     */
    async saveIn(tx: Executor, input: SaveInput): Promise<StoredFile & { discard(): Promise<void> }> {
      const record = await putBytes(input);
      const discard = () => store.delete(record.storageKey);
      try {
        return { ...(await repo.insert(tx, record)), discard };
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /**
     * `saveIn` for many files at once (a batch of e-mailed documents): the bytes now, FILE_WRITES at a time, the records in
     * ONE insert in the caller's transaction, in the order given; `discard()` removes every stored byte when that
     * transaction does not commit.
     */
    async saveManyIn(tx: Executor, inputs: readonly SaveInput[]): Promise<{ files: StoredFile[]; discard(): Promise<void> }> {
      const records: Omit<StoredFile, 'createdAt'>[] = [];
      const discard = async () => {
        await Promise.all(records.map((record) => store.delete(record.storageKey)));
      };
      try {
        for (let i = 0; i < inputs.length; i += FILE_WRITES) {
          records.push(...(await Promise.all(inputs.slice(i, i + FILE_WRITES).map((input) => putBytes(input)))));
        }
        return { files: await repo.insertMany(tx, records), discard };
      } catch (error) {
        await discard();
        throw error;
      }
    },

    find: (id: string) => (UUID.test(id) ? repo.find(db, id) : Promise.resolve(null)),
    open: (file: StoredFile) => store.get(file.storageKey),

    /** A stored file's whole bytes (a small one a job reads: an import's file, a remittance). */
    async bytes(file: StoredFile): Promise<Buffer> {
      const parts: Buffer[] = [];
      for await (const part of await store.get(file.storageKey)) parts.push(Buffer.from(part as Buffer));
      return Buffer.concat(parts);
    },

    /**
     * Makes `fileId` the owner's file. With `replace`, the owner's other files are unlinked, and removed
     * when no other owner holds them (a job retried after a crash keeps one attachment, never a pile).
     */
    async attach(ownerKind: string, ownerId: string, fileId: string, opts: { replace?: boolean } = {}) {
      const orphans = await db.transaction(async (tx) => {
        const unlinked = opts.replace ? await repo.unlink(tx, ownerKind, ownerId, fileId) : [];
        await repo.link(tx, ownerKind, ownerId, fileId);
        return unlinked;
      });
      await removeFiles(orphans);
    },

    /** Unlinks all of an owner's files and removes those no one else holds. */
    async detachAll(ownerKind: string, ownerId: string) {
      await removeFiles(await repo.unlink(db, ownerKind, ownerId, null));
    },

    /**
     * The file, if this user may read it: a superadmin always; otherwise the rule of one of the file's
     * owner kinds must say yes. 404 for an unknown or ownerless file, and 404 alike when no owner lets the user in
     * (issue 28: another member's file cannot be told from a missing one).
     */
    async readable(user: SessionUser, fileId: string): Promise<StoredFile> {
      const file = UUID.test(fileId) ? await repo.find(db, fileId) : null;
      const links = file ? await repo.links(db, fileId) : [];
      if (!file || links.length === 0) throw notFound(filesTexts.fileNotFound);
      if (hasRole(user.roles, ['superadmin'])) return file;
      for (const link of links) {
        const rule = rules.get(link.ownerKind);
        if (rule && (await rule(user, link.ownerId))) return file;
      }
      throw notFound(filesTexts.fileNotFound);
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
