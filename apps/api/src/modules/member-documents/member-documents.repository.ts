import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { MemberDocumentItem } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { memberDocuments } from '../../db/schema/index.js';
import { jsonObjectOf } from '../../lib/json-columns.js';

/** One stored document row (attached or waiting for its member save). */
export type MemberDocumentRow = typeof memberDocuments.$inferSelect;

/**
 * A member's live documents as one JSON array over its customers row `c` (the member's load reads them in its own
 * statement): newest first, with the same fields and order as `load`.
 */
const DOCUMENT_OBJECT = jsonObjectOf(memberDocuments, 'd', [
  'scanId',
  ['key', 'd.file_id'],
  ['created', `to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
  ['createdBy', 'd.created_by_name'],
  'description',
  'filesize',
  'mimeType',
  ['operation', `'none'`],
]);
const DOCUMENTS_JSON = `coalesce((select json_agg(${DOCUMENT_OBJECT} order by d.created_at desc, d.scan_id desc)
  from member_documents d where d.cst_id = c.cst_id and d.deleted_at is null), '[]'::json)`;

const toItem = (row: MemberDocumentRow): MemberDocumentItem => ({
  scanId: row.scanId,
  key: row.fileId,
  created: row.createdAt.toISOString(),
  createdBy: row.createdByName,
  description: row.description ?? '',
  filesize: row.filesize,
  mimeType: row.mimeType,
  operation: 'none',
});

/** SQL of the member_documents table. */
export function createMemberDocumentsRepository() {
  return {
    /** A new upload, waiting (cst_id null) for the member save that attaches it. */
    async insertPending(
      tx: Executor,
      row: { fileId: string; filesize: number; mimeType: string; createdBy: number; createdByName: string },
    ): Promise<MemberDocumentRow> {
      const [inserted] = await tx.insert(memberDocuments).values(row).returning();
      return inserted!;
    },

    /** The member's live documents, newest first, marked none. */
    async load(tx: Executor, cstId: number): Promise<MemberDocumentItem[]> {
      const rows = await tx
        .select()
        .from(memberDocuments)
        .where(and(eq(memberDocuments.cstId, cstId), isNull(memberDocuments.deletedAt)))
        .orderBy(sql`${memberDocuments.createdAt} desc, ${memberDocuments.scanId} desc`);
      return rows.map(toItem);
    },

    json: { expression: DOCUMENTS_JSON, fromJson: (value: unknown) => (value ?? []) as MemberDocumentItem[] },

    /**
     * Attaches this user's waiting upload to the member with its description; answers false when the key is not
     * an upload of this user still waiting (another user's, already attached, removed by the clean-up).
     */
    async attach(tx: Executor, cstId: number, fileId: string, description: string, userId: number) {
      const rows = await tx
        .update(memberDocuments)
        .set({ cstId, description, attachedAt: sql`now()` })
        .where(
          and(
            eq(memberDocuments.fileId, fileId),
            isNull(memberDocuments.cstId),
            isNull(memberDocuments.deletedAt),
            eq(memberDocuments.createdBy, userId),
          ),
        )
        .returning({ scanId: memberDocuments.scanId });
      return rows.length > 0;
    },

    /**
     * Brings back a document of this member deleted earlier (a past version restored from audit mode sends it as
     * a new row with its key); answers false when the key is no deleted document of this member.
     */
    async undelete(tx: Executor, cstId: number, fileId: string, description: string) {
      const rows = await tx
        .update(memberDocuments)
        .set({ description, deletedAt: null, deletedBy: null })
        .where(and(eq(memberDocuments.fileId, fileId), eq(memberDocuments.cstId, cstId), isNotNull(memberDocuments.deletedAt)))
        .returning({ scanId: memberDocuments.scanId });
      return rows.length > 0;
    },

    /** A live document's new description (the member's own rows only). */
    async describe(tx: Executor, cstId: number, scanId: number, description: string) {
      await tx
        .update(memberDocuments)
        .set({ description })
        .where(and(eq(memberDocuments.scanId, scanId), eq(memberDocuments.cstId, cstId), isNull(memberDocuments.deletedAt)));
    },

    /** Marks the member's document deleted; the row and its file stay (audit). */
    async markDeleted(tx: Executor, cstId: number, scanId: number, userId: number) {
      await tx
        .update(memberDocuments)
        .set({ deletedAt: sql`now()`, deletedBy: userId })
        .where(and(eq(memberDocuments.scanId, scanId), eq(memberDocuments.cstId, cstId), isNull(memberDocuments.deletedAt)));
    },

    /** One row by scanId or by its file's key (deleted ones too: the audit shows them). */
    async find(db: Executor, key: { scanId: number } | { fileId: string }): Promise<MemberDocumentRow | null> {
      const where = 'scanId' in key ? eq(memberDocuments.scanId, key.scanId) : eq(memberDocuments.fileId, key.fileId);
      const [row] = await db.select().from(memberDocuments).where(where).limit(1);
      return row ?? null;
    },

    /** Deletes the row if it is still waiting (the clean-up's claim); answers whether it did. */
    async claimPending(db: Executor, fileId: string) {
      const rows = await db
        .delete(memberDocuments)
        .where(and(eq(memberDocuments.fileId, fileId), isNull(memberDocuments.cstId)))
        .returning({ scanId: memberDocuments.scanId });
      return rows.length > 0;
    },

    /**
     * One user's upload quota use: uploads in the last minute and the bytes of their uploads still waiting. Under the
     * user's transaction lock (lockUploader), so parallel uploads of one user are counted one after another.
     */
    async quotaUse(tx: Executor, userId: number): Promise<{ lastMinute: number; pendingBytes: number }> {
      const result = await tx.execute<{ lastMinute: number; pendingBytes: string }>(sql`select
          count(*) filter (where ${memberDocuments.createdAt} > now() - interval '1 minute')::int as "lastMinute",
          coalesce(sum(${memberDocuments.filesize}) filter (where ${memberDocuments.cstId} is null and ${memberDocuments.deletedAt} is null), 0)::bigint as "pendingBytes"
        from ${memberDocuments} where ${memberDocuments.createdBy} = ${userId}
          and (${memberDocuments.cstId} is null or ${memberDocuments.createdAt} > now() - interval '1 minute')`);
      const row = result.rows[0]!;
      return { lastMinute: Number(row.lastMinute), pendingBytes: Number(row.pendingBytes) };
    },

    /** Serialises one user's uploads until the transaction ends (their quota is checked and used in one step). */
    async lockUploader(tx: Executor, userId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('member_documents:upload'), ${userId})`);
    },

    /** Uploads still waiting for a member save, created before `before`. */
    async pendingBefore(db: Executor, before: Date): Promise<{ fileId: string }[]> {
      return db
        .select({ fileId: memberDocuments.fileId })
        .from(memberDocuments)
        .where(and(isNull(memberDocuments.cstId), lt(memberDocuments.createdAt, before)));
    },
  };
}
export type MemberDocumentsRepository = ReturnType<typeof createMemberDocumentsRepository>;
