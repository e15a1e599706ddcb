import { memberDocumentContracts } from '@assoc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createMember, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { seedDocuments } from './documents.seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

interface Row {
  scanId: number;
  cstId: number;
  fileId: string;
  description: string;
  mimeType: string;
  filesize: number;
  createdAt: Date;
}
const rows = async () =>
  (
    await ctx.pool.query<Row>(
      `select scan_id as "scanId", cst_id as "cstId", file_id as "fileId", description, mime_type as "mimeType", filesize, created_at as "createdAt"
       from member_documents order by scan_id`,
    )
  ).rows;

describe('demo documents', () => {
  it('gives the first holders (and a few more) 1 to 3 attached documents that open with their type; a second run adds nothing', async () => {
    const holders = [];
    for (let i = 0; i < 40; i++) holders.push(await createMember(ctx));
    const dependent = await createMember(ctx, { parentId: holders[0]!.cstId });
    const lines: string[] = [];
    await seedDocuments(ctx.db, ctx.app.services.files.store, { portalCstId: holders[30]!.cstId, log: (line) => lines.push(line) });
    const first = await rows();
    const owners = new Set(first.map((r) => r.cstId));
    for (const holder of [...holders.slice(0, 5), holders[30]!]) expect(owners.has(holder.cstId)).toBe(true);
    expect(owners.has(dependent.cstId)).toBe(false);
    for (const cstId of owners) {
      const count = first.filter((r) => r.cstId === cstId).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
    }
    const twoYears = Date.now() - 731 * 86_400_000;
    for (const row of first) {
      expect(row.description.length).toBeGreaterThanOrEqual(5);
      expect(row.createdAt.getTime()).toBeGreaterThan(twoYears);
      expect(row.createdAt.getTime()).toBeLessThan(Date.now());
    }
    expect(lines.at(-1)).toMatch(/^Documentos de demonstração: \d+ documentos de \d+ associados/);

    // They open as the Documentos tab opens them (GET user/doc/{scanId}), PDFs and the JPEG alike.
    const { client } = await signedInAs(ctx, ['v2access', 'v2docview']);
    for (const type of ['application/pdf', 'image/jpeg']) {
      const row = first.find((r) => r.mimeType === type);
      if (!row) continue;
      const res = await call(client, memberDocumentContracts.download, { params: { key: row.scanId } });
      expect(res.status, res.res.body).toBe(200);
      expect(res.res.headers['content-type']).toContain(type);
      expect(res.body.length).toBe(Number(row.filesize));
      expect([...res.body.subarray(0, 3)]).toEqual(type === 'application/pdf' ? [0x25, 0x50, 0x44] : [0xff, 0xd8, 0xff]);
    }
    expect(first.some((r) => r.mimeType === 'application/pdf')).toBe(true);

    await seedDocuments(ctx.db, ctx.app.services.files.store);
    expect(await rows()).toEqual(first);
  });
});
