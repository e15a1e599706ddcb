import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDocumentMessages as dm, memberDocumentContracts } from '@assoc/domain';
import { call, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { testPdf } from '../process/process.testing.js';
import { multipartBody } from '../../../test/multipart.js';

/** Issue 22 item 9: one user's uploads per minute and the size of their uploads not yet attached are bounded. */
let ctx: TestContext;
const PER_MINUTE = 4;
/** 40 KB of waiting uploads per user. */
const PENDING_BYTES = 40 * 1024;

beforeAll(async () => {
  ctx = await createTestApp({ DOCUMENT_UPLOAD_RATE_PER_MINUTE: PER_MINUTE, DOCUMENT_UPLOAD_PENDING_MB: PENDING_BYTES / 1_048_576 });
});
afterAll(async () => {
  await ctx.close();
});

const upload = (client: Client, data: Buffer) =>
  call(client, memberDocumentContracts.upload, { ...multipartBody([{ name: 'arquivo', filename: 'documento.pdf', data }]) });
/** A PDF of about this many bytes. */
const pdfOf = (bytes: number) => Buffer.concat([testPdf('cota'), Buffer.alloc(bytes, 32)]);
/** What the uploads left behind: rows, file links and stored files. */
async function stored() {
  const result = await ctx.db.execute<{ rows: number; links: number; files: number }>(sql`select
    (select count(*)::int from member_documents) as rows,
    (select count(*)::int from file_links where owner_kind = 'member-document') as links,
    (select count(*)::int from files) as files`);
  return result.rows[0]!;
}

describe('upload quota (POST user/doc)', () => {
  it(`past ${PER_MINUTE} uploads a minute, 429 with a pt-BR message and nothing stored; another user is not held back`, async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2docnew']);
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await upload(client, testPdf(`r${i}`))).status).toBe(201);
    const before = await stored();
    const refused = await upload(client, testPdf('demais'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: dm.uploadRateExceeded(PER_MINUTE) });
    expect(await stored()).toEqual(before);
    const other = (await signedInAs(ctx, ['v2access', 'v2docnew'])).client;
    expect((await upload(other, testPdf('outro'))).status).toBe(201);
  });

  it('past the waiting-size quota, 429 with a pt-BR message and nothing stored, also for parallel uploads', async () => {
    const { client } = await signedInAs(ctx, ['v2access', 'v2docnew']);
    expect((await upload(client, pdfOf(25 * 1024))).status).toBe(201);
    const before = await stored();
    const tooMuch = await upload(client, pdfOf(20 * 1024));
    expect(tooMuch.status).toBe(429);
    expect(tooMuch.error.message).toBe(dm.pendingQuotaExceeded(Math.round((PENDING_BYTES / 1_048_576) * 100) / 100));
    expect(await stored()).toEqual(before);

    // Three parallel uploads of 12 KB from a fresh user: the quota (40 KB) holds three of them at most, never more.
    const fresh = (await signedInAs(ctx, ['v2access', 'v2docnew'])).client;
    const replies = await Promise.all([1, 2, 3, 4].map((i) => upload(fresh, pdfOf(12 * 1024 + i))));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429]);
    const pending = await ctx.db.execute<{ total: number }>(
      sql`select coalesce(sum(filesize), 0)::int as total from member_documents where cst_id is null and created_by =
        (select created_by from member_documents order by scan_id desc limit 1)`,
    );
    expect(pending.rows[0]!.total).toBeLessThanOrEqual(PENDING_BYTES);
    const after = await stored();
    expect(after.rows - before.rows).toBe(3);
    expect(after.files - before.files).toBe(3);
  });
});
