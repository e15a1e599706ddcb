import {
  filterExportBodySchema,
  filterMessages as fm,
  FILTER_SYNC_EXPORT_MAX,
  genericMessages,
  isoDateInAppZone,
  type FilterExportBody,
  type FilterQuery,
  type FilterRunReply,
  type FilterSort,
  type Job,
  type SavedFilter,
} from '@assoc/domain';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { actorFrom } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { transactionOr409 } from '../../lib/sql.js';
import type { SessionUser } from '../auth/session.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { membersMatching, type CompileOptions } from './filter.compiler.js';
import { exportFileName, exportMime, exportWriter, type ExportFormat } from './filter.export.js';
import type { FilterRepository, SavedFilterRow } from './filter.repository.js';

export const FILTER_EXPORT_COMMAND = 'filtro-exportar';
export const SAVED_FILTER_AUDIT = 'filtros';
const genericStale = genericMessages.staleRecord;

const compileOptions = (): CompileOptions => ({ today: isoDateInAppZone() });

export interface SavedFilterInput {
  name: string;
  query: FilterQuery;
  columns: string[];
  sharedWith: number[];
}

export interface ExportFile {
  kind: 'file';
  name: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Builds an export's file: the rows through the repository's cursor (in a READ ONLY transaction on `db`), a batch at a
 * time into the streaming writer. `progress` hears the rows written so far.
 */
export async function buildExport(
  db: Db,
  repo: FilterRepository,
  request: FilterExportBody,
  progress: (done: number) => Promise<void> = async () => {},
): Promise<ExportFile & { rows: number }> {
  const writer = exportWriter(request.format, request.columns);
  const o = compileOptions();
  let rows = 0;
  await db.transaction(
    async (tx) => {
      for await (const batch of repo.stream(tx, request, o)) {
        await writer.add(batch);
        rows += batch.length;
        await progress(rows);
      }
    },
    { accessMode: 'read only' },
  );
  return { kind: 'file', name: exportFileName(request.format), mimeType: exportMime(request.format), data: await writer.end(), rows };
}

/** The filter (issue 29 item 1; docs/FILTER.md): runs, exports and the saved filters per user with their shares. */
export function createFilterService(deps: { db: Db; repo: FilterRepository; jobs: JobsService }) {
  const { db, repo, jobs } = deps;

  function toSaved(row: SavedFilterRow, userId: number): SavedFilter {
    const own = row.ownerId === userId;
    return {
      id: row.id,
      name: row.name,
      query: row.query,
      columns: row.columns,
      ownerId: row.ownerId,
      ownerName: row.ownerName,
      own,
      sharedWith: own ? row.sharedWith : [],
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The caller's own filter, locked, at the version they read: 404 unknown or not theirs to see, 403 not theirs. */
  async function ownLocked(tx: Executor, user: SessionUser, id: number, version: number) {
    const row = await repo.saved(tx, id, true);
    if (!row) throw notFound(fm.savedNotFound);
    if (row.ownerId !== user.userId) {
      const visible = row.sharedWith.some((s) => s.userId === user.userId);
      throw visible ? forbidden(fm.notOwner) : notFound(fm.savedNotFound);
    }
    if (row.version !== version) throw conflict(genericStale);
    return row;
  }

  /** Share targets: users who open the Filtro, never the owner. */
  async function checkShares(tx: Executor, user: SessionUser, sharedWith: readonly number[]) {
    const unique = [...new Set(sharedWith)];
    if (unique.includes(user.userId)) throw badRequest(fm.shareWithSelf);
    if (unique.length === 0) return unique;
    const allowed = new Set((await repo.filterUsers(tx)).map((u) => u.userId));
    if (unique.some((id) => !allowed.has(id))) throw badRequest(fm.unknownUser);
    return unique;
  }

  const snapshot = (row: SavedFilterRow | null) =>
    row && { name: row.name, query: row.query, columns: row.columns, sharedWith: row.sharedWith.map((s) => s.userId), version: row.version };

  return {
    options: () => repo.options(db),

    /** GET filter/usuarios: whom the caller may share with (users who open the Filtro), the caller left out. */
    users: async (user: SessionUser) => (await repo.filterUsers(db)).filter((u) => u.userId !== user.userId),

    /** POST filter/executar: the count and the page, side by side on the pool. */
    async run(body: {
      query: FilterQuery;
      columns: string[];
      page: number;
      pageSize: number;
      sort?: FilterSort | undefined;
    }): Promise<FilterRunReply> {
      const o = compileOptions();
      const [total, rows] = await Promise.all([
        repo.count(db, body.query, o),
        body.columns.length === 0 && body.page === 1
          ? Promise.resolve([])
          : repo.page(db, { ...body, limit: body.pageSize, offset: (body.page - 1) * body.pageSize }, o),
      ]);
      return { total, page: body.page, pageSize: body.pageSize, rows };
    },

    /**
     * POST filter/exportar: up to FILTER_SYNC_EXPORT_MAX rows the file at once; beyond, the request is stored and the
     * job `filtro-exportar` builds the file with progress in the bell (its attachment).
     */
    async export(user: SessionUser, body: FilterExportBody): Promise<ExportFile | { kind: 'job'; job: Job; message: string }> {
      const total = await repo.count(db, body.query, compileOptions());
      if (total <= FILTER_SYNC_EXPORT_MAX) return buildExport(db, repo, body);
      let exportId = 0;
      const job = await jobs.start(user, FILTER_EXPORT_COMMAND, '0', async (tx, jobId) => {
        exportId = await repo.insertExport(tx, user.userId, body);
        await repo.setExportJob(tx, exportId, jobId);
        return String(exportId);
      });
      return { kind: 'job', job, message: fm.exportStarted };
    },

    /** The stored request of a large export (the job's payload), checked again. */
    async exportRequest(executor: Executor, exportId: number) {
      const stored = await repo.exportRequest(executor, exportId);
      if (!stored) return null;
      return { userId: stored.userId, request: filterExportBodySchema.parse(stored.request) };
    },

    async savedList(user: SessionUser): Promise<SavedFilter[]> {
      return (await repo.savedFor(db, user.userId)).map((r) => toSaved(r, user.userId));
    },

    async savedCreate(user: SessionUser, input: SavedFilterInput): Promise<SavedFilter> {
      const id = await transactionOr409(
        db,
        async (tx) => {
          if (await repo.nameTaken(tx, user.userId, input.name)) throw conflict(fm.duplicateName);
          const shares = await checkShares(tx, user, input.sharedWith);
          const newId = await repo.insertSaved(tx, { ownerId: user.userId, name: input.name, query: input.query, columns: input.columns });
          await repo.replaceShares(tx, newId, shares);
          const after = await repo.saved(tx, newId);
          await writeAudit(tx, {
            category: SAVED_FILTER_AUDIT,
            entityId: newId,
            action: 'insert',
            user: actorFrom(user),
            before: null,
            after: snapshot(after),
          });
          return newId;
        },
        fm.duplicateName,
      );
      return toSaved((await repo.saved(db, id))!, user.userId);
    },

    /** PUT filter/salvos/{id}: rename, change or share the caller's own filter at the version read. */
    async savedUpdate(user: SessionUser, id: number, input: SavedFilterInput & { version: number }): Promise<SavedFilter> {
      await transactionOr409(
        db,
        async (tx) => {
          const before = await ownLocked(tx, user, id, input.version);
          if (await repo.nameTaken(tx, user.userId, input.name, id)) throw conflict(fm.duplicateName);
          const shares = await checkShares(tx, user, input.sharedWith);
          if (!(await repo.updateSaved(tx, id, input.version, input))) throw conflict(genericStale);
          await repo.replaceShares(tx, id, shares);
          const after = await repo.saved(tx, id);
          await writeAudit(tx, {
            category: SAVED_FILTER_AUDIT,
            entityId: id,
            action: 'update',
            user: actorFrom(user),
            before: snapshot(before),
            after: snapshot(after),
          });
        },
        fm.duplicateName,
      );
      return toSaved((await repo.saved(db, id))!, user.userId);
    },

    async savedRemove(user: SessionUser, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await ownLocked(tx, user, id, version);
        if (!(await repo.deleteSaved(tx, id, version))) throw conflict(genericStale);
        await writeAudit(tx, {
          category: SAVED_FILTER_AUDIT,
          entityId: id,
          action: 'delete',
          user: actorFrom(user),
          before: snapshot(before),
          after: null,
        });
      });
    },

    /** A saved filter the user may use (own or shared), for another module (Marketing's campaign). */
    async savedForUse(user: Pick<SessionUser, 'userId'>, id: number): Promise<SavedFilterRow> {
      const row = await repo.saved(db, id);
      if (!row || (row.ownerId !== user.userId && !row.sharedWith.some((s) => s.userId === user.userId))) throw notFound(fm.savedNotFound);
      return row;
    },

    /** The SQL set of cstIds a query matches (`select c.cst_id …`), for another module to join or count (Marketing). */
    membersMatching: (query: FilterQuery): SQL => membersMatching(query, compileOptions()),
  };
}
export type FilterService = ReturnType<typeof createFilterService>;
export type { ExportFormat };
