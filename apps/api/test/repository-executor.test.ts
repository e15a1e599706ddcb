import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesRepository } from '../src/modules/files/files.repository.js';
import { createJobsRepository } from '../src/modules/jobs/jobs.repository.js';
import { createTestApp, createUser, type TestContext } from './helper.js';

/**
 * Issue 23 item 2: every repository takes the caller's executor (the Drizzle db or a Drizzle transaction) the same
 * way, so a service runs several of them in ONE transaction: all of it commits, or none of it stays.
 */
describe('repositories join the caller’s Drizzle transaction (issue 23 item 2)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const count = async (table: 'files' | 'file_links' | 'jobs', id: string) => {
    const column = table === 'files' ? 'id' : table === 'file_links' ? 'file_id' : 'job_id';
    const { rows } = await ctx.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [id]);
    return rows[0]!.n;
  };

  it('files and jobs repositories write in one transaction: a rollback leaves nothing, a commit keeps every row', async () => {
    const files = createFilesRepository();
    const jobs = createJobsRepository();
    const { userId } = await createUser(ctx);
    const work = async (rollback: boolean) => {
      const fileId = crypto.randomUUID();
      const jobId = crypto.randomUUID();
      const attempt = ctx.db.transaction(async (tx) => {
        const file = await files.insert(tx, {
          id: fileId,
          name: 'extrato.pdf',
          mimeType: 'application/pdf',
          size: 4,
          sha256: null,
          storageKey: fileId,
          createdBy: null,
        });
        expect(file).toMatchObject({ id: fileId, name: 'extrato.pdf', size: 4 });
        expect(file.createdAt).toBeInstanceOf(Date);
        const job = await jobs.insert(tx, { jobId, jobName: 'teste', jobDescription: 'Teste', jobSubtitle: 'Na fila', userId, userData: '0' });
        await files.link(tx, 'job', jobId, fileId);
        // The transaction sees its own rows through every repository.
        expect(await files.find(tx, fileId)).toMatchObject({ id: fileId });
        expect(await files.links(tx, fileId)).toEqual([{ ownerKind: 'job', ownerId: jobId }]);
        expect(await jobs.get(tx, jobId)).toMatchObject({ jobId, jobAttachments: `${fileId};extrato.pdf`, jobSubmitted: job.jobSubmitted });
        if (rollback) throw new Error('rollback');
      });
      if (rollback) await expect(attempt).rejects.toThrow('rollback');
      else await attempt;
      return { fileId, jobId };
    };

    const undone = await work(true);
    expect([await count('files', undone.fileId), await count('file_links', undone.fileId), await count('jobs', undone.jobId)]).toEqual([0, 0, 0]);

    const kept = await work(false);
    expect([await count('files', kept.fileId), await count('file_links', kept.fileId), await count('jobs', kept.jobId)]).toEqual([1, 1, 1]);
    // Read back outside the transaction: the job row keeps its ISO times, as it did on raw pg.
    const job = await jobs.get(ctx.db, kept.jobId);
    expect(job?.jobSubmitted).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await files.unlink(ctx.db, 'job', kept.jobId, null)).toEqual([{ id: kept.fileId, storageKey: kept.fileId }]);
  });

  it('files.saveIn writes the record through the repository in the caller’s transaction (none after a rollback)', async () => {
    const service = ctx.app.services.files;
    let savedId = '';
    await expect(
      ctx.db.transaction(async (tx) => {
        const saved = await service.saveIn(tx, { name: 'a.pdf', data: Buffer.from('%PDF-1.7\n') });
        savedId = saved.id;
        expect(await createFilesRepository().find(tx, saved.id)).toMatchObject({ id: saved.id, mimeType: 'application/pdf' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await count('files', savedId)).toBe(0);
  });
});
