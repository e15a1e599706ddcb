import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobsContracts, type Job } from '@assoc/domain';
import type { JobDefinition, JobContext } from '../src/modules/jobs/jobs.types.js';
import { jobEnded } from './barriers.js';
import { call, type Client, type TestContext } from './helper.js';

/**
 * Helpers of the menu jobs' tests (issue 30 item 1): run a job from the menu's call and wait for its end, read an XLSX
 * back, read the outbox rows and their attachments, and run a handler directly with a signal that "kills" it.
 */
export async function runMenuJob(ctx: TestContext, client: Client, command: string, userData: string | number = 0): Promise<Job> {
  const res = await call(client, jobsContracts.sendWithData, { params: { jobCommand: command, userData: userData as never } });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const jobId = res.body.jobId;
  return jobEnded([ctx.app], jobId, async () => (await call(client, jobsContracts.list)).body.find((j) => j.jobId === jobId), 30_000);
}

/** The sheet's rows (values from column 1), the header first. */
export async function xlsxRows(data: Buffer | Uint8Array, sheet?: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const ws = sheet ? workbook.getWorksheet(sheet)! : workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A job's attachment, as the bell downloads it. */
export async function jobAttachment(client: Client, jobId: string) {
  const file = await call(client, jobsContracts.downloadByJob, { params: { jobId } });
  expect(file.status).toBe(200);
  return { data: file.body as unknown as Buffer, disposition: String(file.res.headers['content-disposition']) };
}

/** The outbox rows of these members, oldest first, with their attachments' names and bytes. */
export async function outboxOf(ctx: TestContext, cstIds: number[]) {
  const { rows } = await ctx.db.execute<{ id: number; cstId: number; to: string; subject: string; text: string }>(sql`
    select id, cst_id as "cstId", "to", subject, text from outbox
     where cst_id = any(${sql.raw(`array[${cstIds.map(Number).join(',') || '0'}]::int[]`)}) order by id`);
  const out = [];
  for (const row of rows) {
    const links = await ctx.db.execute<{ fileId: string }>(
      sql`select file_id::text as "fileId" from file_links where owner_kind = 'outbox' and owner_id = ${String(row.id)}`,
    );
    const files = [];
    for (const link of links.rows) {
      const file = (await ctx.app.services.files.find(link.fileId))!;
      files.push({ name: file.name, data: await ctx.app.services.files.bytes(file) });
    }
    out.push({ ...row, files });
  }
  return out;
}

/**
 * Runs a job's handler in this process as the engine would, with a signal aborted once `killAfter` progress reports
 * have been made (a worker killed in the middle): the handler throws, and what it committed stays.
 */
export async function runHandler(
  ctx: TestContext,
  job: JobDefinition,
  opts: { userId: number; userData?: string; plan?: 21 | 22; killAfter?: number },
) {
  const abort = new AbortController();
  let reports = 0;
  const jobId = crypto.randomUUID();
  const context: JobContext = {
    jobId,
    userId: opts.userId,
    userData: opts.userData ?? '0',
    plan: opts.plan,
    attempt: 0,
    signal: abort.signal,
    db: ctx.db,
    files: ctx.app.services.files,
    async progress(current) {
      if (current > 0) reports += 1;
      if (opts.killAfter !== undefined && reports >= opts.killAfter) abort.abort();
    },
    async attach() {},
  };
  return job.handler(context);
}
