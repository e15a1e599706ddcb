import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  genericMessages as m,
  memberDocumentMessages as dm,
  roleCatalogue,
  type MemberRecord,
  type Role,
  memberContracts,
  memberDocumentContracts,
} from '@assoc/domain';
import { audits, fileLinks, files, memberDocuments } from '../../db/schema/index.js';
import {
  call,
  getMember,
  createTestApp,
  signedInAs,
  type Client,
  type TestContext,
  debitBankAccount,
  memberInput,
  residentialAddress,
} from '../../../test/helper.js';
import { filesTexts } from '../files/files.sniff.js';
import { testPdf } from '../process/process.testing.js';
import { multipartBody } from '../../../test/multipart.js';

let ctx: TestContext;
/** Every role but the portal's. */
let staff: Client;
let staffName: string;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
/** The limit of this file's app: 64 KB (FILES_MAX_MB). */
const MAX_BYTES = 64 * 1024;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 0)]);
/** A Windows executable (MZ header) renamed to .pdf. */
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(64, 0)]);

beforeAll(async () => {
  ctx = await createTestApp({ FILES_MAX_MB: MAX_BYTES / 1024 / 1024, DOCUMENT_UPLOAD_TTL_HOURS: 1 });
  const signed = await signedInAs(ctx, allRoles);
  staff = signed.client;
  staffName = signed.user.name;
});
afterAll(async () => {
  await ctx.close();
});

const upload = (client: Client, data: Buffer, filename = 'documento.pdf') =>
  call(client, memberDocumentContracts.upload, { ...multipartBody([{ name: 'arquivo', filename, data }]) });

async function uploaded(client: Client = staff, data: Buffer = testPdf('doc')) {
  const res = await upload(client, data);
  expect(res.status, res.res.body).toBe(201);
  return res.body as { status: 'ok'; key: string; filesize: number; mimeType: string; created: string };
}

const put = (client: Client, cstId: number, body: Record<string, unknown>) => call(client, memberContracts.update, { params: { cstId }, body: body });

/** Saves only the documents of a member (other sections not sent keep their values). */
async function saveDocuments(client: Client, cstId: number, documentos: unknown[]) {
  const { version } = await getMember(staff, cstId);
  return put(client, cstId, { version, documentos });
}

/** A holder saved through the API (a valid record, so later saves of only the documents pass the member rules). */
async function newHolder() {
  const res = await call(staff, memberContracts.insert, {
    params: { cstId: -1 },
    body: memberInput({
      custName: 'Associado Documentos Teste',
      custEstadoCivil: 2,
      custEmail: 'docs@example.com',
      custAdmissao: '2001-02-03',
      bankAccount: debitBankAccount(),
      enderecoResidencial: { ...residentialAddress, adComplement: '' },
    }),
  });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
}

const rowsOf = (cstId: number) => ctx.db.select().from(memberDocuments).where(eq(memberDocuments.cstId, cstId));

describe('upload (POST user/doc)', () => {
  it('accepts PDF, PNG and JPEG by content and answers the key; the file waits, unattached', async () => {
    for (const [data, type] of [
      [testPdf('a'), 'application/pdf'],
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const reply = await uploaded(staff, data);
      expect(reply).toMatchObject({ status: 'ok', filesize: data.length, mimeType: type });
      const [row] = await ctx.db.select().from(memberDocuments).where(eq(memberDocuments.fileId, reply.key));
      expect(row).toMatchObject({ cstId: null, filesize: data.length, mimeType: type, createdByName: staffName });
      const [file] = await ctx.db.select().from(files).where(eq(files.id, reply.key));
      expect(file!.storageKey).toBe(reply.key);
    }
  });

  it('refuses XLS with the spec message, a renamed executable, a text file and a file over the limit; nothing is kept', async () => {
    const before = await ctx.db.execute(sql`select (select count(*)::int from files) as f, (select count(*)::int from member_documents) as d`);
    const xls = await upload(staff, XLS, 'planilha.xls');
    expect(xls.status).toBe(415);
    expect(xls.error.message).toBe(dm.xlsRefused);
    expect(dm.xlsRefused).toBe(filesTexts.xlsRefused);
    const exe = await upload(staff, EXE, 'documento.pdf');
    expect(exe.status).toBe(415);
    expect(exe.error.message).toBe(filesTexts.typeRefused);
    expect((await upload(staff, Buffer.from('nome;cpf\n'), 'lista.csv')).status).toBe(415);
    const big = await upload(staff, Buffer.concat([testPdf('grande'), Buffer.alloc(MAX_BYTES, 32)]));
    expect(big.status).toBe(413);
    expect(big.error.message).toBe(filesTexts.tooLarge(MAX_BYTES));
    const empty = await call(staff, memberDocumentContracts.upload, { ...multipartBody([{ name: 'descricao', value: 'x' }]) });
    expect(empty.status).toBe(400);
    const json = await call(staff, memberDocumentContracts.upload, { rawBody: { key: 'x' } });
    expect(json.status).toBe(415);
    const after = await ctx.db.execute(sql`select (select count(*)::int from files) as f, (select count(*)::int from member_documents) as d`);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('never uses the client name as a path, and the download names the file itself', async () => {
    const res = await upload(staff, testPdf('caminho'), '../../etc/passwd.pdf');
    expect(res.status).toBe(201);
    const { key } = res.body;
    const [file] = await ctx.db.select().from(files).where(eq(files.id, key));
    expect(file!.storageKey).toBe(key);
    const download = await call(staff, memberDocumentContracts.download, { params: { key }, query: { download: 1 } });
    expect(download.res.headers['content-disposition']).toMatch(/^attachment; filename="documento-\d+\.pdf"$/);
  });

  it('is audited', async () => {
    const { key } = await uploaded();
    const [row] = await ctx.db.select().from(memberDocuments).where(eq(memberDocuments.fileId, key));
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'documentos'), eq(audits.entityId, String(row!.scanId))));
    expect(audit).toMatchObject({ action: 'insert', userName: staffName });
  });

  it('401 anonymous, 403 without v2docnew', async () => {
    const anonymous = await call(ctx.app, memberDocumentContracts.upload, { ...multipartBody([{ name: 'arquivo', data: testPdf() }]) });
    expect(anonymous.status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2docview']);
    expect((await upload(client, testPdf())).status).toBe(403);
  });
});

describe('documentos in the member save', () => {
  it('attaches an upload with its description, lists it newest first and keeps it on reopen', async () => {
    const member = await newHolder();
    const first = await uploaded();
    const second = await uploaded(staff, PNG);
    const res = await saveDocuments(staff, member.cstId, [
      { key: first.key, description: 'Carteira funcional', operation: 'insert' },
      { key: second.key, description: 'Comprovante de endereço', operation: 'insert' },
    ]);
    expect(res.status, res.res.body).toBe(200);
    const docs = (await getMember(staff, member.cstId)).documentos!;
    expect(docs.map((d) => [d.key, d.description, d.createdBy, d.operation])).toEqual([
      [second.key, 'Comprovante de endereço', staffName, 'none'],
      [first.key, 'Carteira funcional', staffName, 'none'],
    ]);
    expect(docs[0]!.filesize).toBe(PNG.length);
    expect(docs[0]!.mimeType).toBe('image/png');
    expect(docs[0]!.scanId).toBeGreaterThan(0);
    expect(new Date(docs[0]!.created!).toISOString()).toBe(docs[0]!.created);
    // The member's audit holds the list after the save.
    const [audit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, member.cstId), eq(audits.action, 'update')));
    expect((audit!.after as MemberRecord).documentos).toHaveLength(2);
    expect((audit!.before as MemberRecord).documentos).toEqual([]);
  });

  it('400 for a description under 5 characters or a missing key, nothing written', async () => {
    const member = await newHolder();
    const { key } = await uploaded();
    const short = await saveDocuments(staff, member.cstId, [{ key, description: 'abc', operation: 'insert' }]);
    expect(short.status).toBe(400);
    expect(short.error.message).toBe(`documentos.0.description: ${m.minLength(5)}`);
    const noKey = await saveDocuments(staff, member.cstId, [{ key: '', description: 'Documento', operation: 'insert' }]);
    expect(noKey.status).toBe(400);
    expect(await rowsOf(member.cstId)).toEqual([]);
  });

  it('refuses a key that is not a waiting upload of this user: another user’s, an attached one, an unknown one', async () => {
    const member = await newHolder();
    const other = await signedInAs(ctx, allRoles);
    const theirs = await uploaded(other.client);
    const refused = await saveDocuments(staff, member.cstId, [{ key: theirs.key, description: 'De outro usuário', operation: 'insert' }]);
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe(`documentos.0.key: ${dm.uploadNotFound}`);
    const mine = await uploaded();
    expect((await saveDocuments(staff, member.cstId, [{ key: mine.key, description: 'Primeira vez', operation: 'insert' }])).status).toBe(200);
    const again = await saveDocuments(staff, member.cstId, [{ key: mine.key, description: 'Segunda vez', operation: 'insert' }]);
    expect(again.status).toBe(400);
    const unknown = await saveDocuments(staff, member.cstId, [{ key: crypto.randomUUID(), description: 'Desconhecido', operation: 'insert' }]);
    expect(unknown.status).toBe(400);
    expect(await rowsOf(member.cstId)).toHaveLength(1);
  });

  it('a delete marks the row: gone from the list, the file kept and still readable for the audit', async () => {
    const member = await newHolder();
    const { key } = await uploaded();
    await saveDocuments(staff, member.cstId, [{ key, description: 'Documento antigo', operation: 'insert' }]);
    const [doc] = (await getMember(staff, member.cstId)).documentos!;
    const res = await saveDocuments(staff, member.cstId, [{ ...doc, operation: 'delete' }]);
    expect(res.status, res.res.body).toBe(200);
    expect((await getMember(staff, member.cstId)).documentos).toEqual([]);
    const [row] = await rowsOf(member.cstId);
    expect(row!.deletedAt).not.toBeNull();
    expect((await ctx.db.select().from(files).where(eq(files.id, key))).length).toBe(1);
    const download = await call(staff, memberDocumentContracts.download, { params: { key: doc!.scanId! } });
    expect(download.status).toBe(200);
    expect(download.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a restored version brings a deleted document back (insert with its key), only for the same member', async () => {
    const member = await newHolder();
    const other = await newHolder();
    const { key } = await uploaded();
    await saveDocuments(staff, member.cstId, [{ key, description: 'Documento restaurável', operation: 'insert' }]);
    const [doc] = (await getMember(staff, member.cstId)).documentos!;
    await saveDocuments(staff, member.cstId, [{ ...doc, operation: 'delete' }]);
    const elsewhere = await saveDocuments(staff, other.cstId, [{ key, description: 'Em outro associado', operation: 'insert' }]);
    expect(elsewhere.status).toBe(400);
    const back = await saveDocuments(staff, member.cstId, [{ key, scanId: -1, description: 'Documento restaurado', operation: 'insert' }]);
    expect(back.status, back.res.body).toBe(200);
    expect((await getMember(staff, member.cstId)).documentos!.map((d) => [d.scanId, d.description])).toEqual([[doc!.scanId, 'Documento restaurado']]);
  });

  it('an update changes the description', async () => {
    const member = await newHolder();
    const { key } = await uploaded();
    await saveDocuments(staff, member.cstId, [{ key, description: 'Descrição antiga', operation: 'insert' }]);
    const [doc] = (await getMember(staff, member.cstId)).documentos!;
    expect((await saveDocuments(staff, member.cstId, [{ ...doc, description: 'Descrição nova', operation: 'update' }])).status).toBe(200);
    expect((await getMember(staff, member.cstId)).documentos![0]!.description).toBe('Descrição nova');
  });

  it('403 and nothing written without v2docnew; the list is left out without v2docview', async () => {
    const member = await newHolder();
    const { key } = await uploaded();
    const noDocRoles = allRoles.filter((r) => r !== 'v2docnew' && r !== 'v2docview');
    const { client } = await signedInAs(ctx, noDocRoles);
    const res = await saveDocuments(client, member.cstId, [{ key, description: 'Sem permissão', operation: 'insert' }]);
    expect(res.status).toBe(403);
    expect(await rowsOf(member.cstId)).toEqual([]);
    expect((await getMember(client, member.cstId)).documentos).toBeUndefined();
  });
});

describe('download (GET user/doc/{scanId or key})', () => {
  it('streams the file inline with its sniffed type, by scanId or by key', async () => {
    const member = await newHolder();
    const { key } = await uploaded(staff, JPEG);
    await saveDocuments(staff, member.cstId, [{ key, description: 'Foto do documento', operation: 'insert' }]);
    const [doc] = (await getMember(staff, member.cstId)).documentos!;
    for (const id of [String(doc!.scanId), key]) {
      const res = await call(staff, memberDocumentContracts.download, { params: { key: id } });
      expect(res.status).toBe(200);
      expect(res.res.headers['content-type']).toBe('image/jpeg');
      expect(res.res.headers['content-disposition']).toBe(`inline; filename="documento-${doc!.scanId}.jpg"`);
      expect(res.body.equals(JPEG)).toBe(true);
    }
  });

  it('401 anonymous, 403 without v2docview, 404 unknown, 400 malformed; a waiting upload only for its sender', async () => {
    const member = await newHolder();
    const { key } = await uploaded();
    expect((await call(ctx.app, memberDocumentContracts.download, { params: { key } })).status).toBe(401);
    // Waiting: the sender reads it, another user with the view role does not.
    expect((await call(staff, memberDocumentContracts.download, { params: { key } })).status).toBe(200);
    const viewer = (await signedInAs(ctx, ['v2access', 'v2docview'])).client;
    expect((await call(viewer, memberDocumentContracts.download, { params: { key } })).status).toBe(403);
    await saveDocuments(staff, member.cstId, [{ key, description: 'Documento anexado', operation: 'insert' }]);
    expect((await call(viewer, memberDocumentContracts.download, { params: { key } })).status).toBe(200);
    const adder = (await signedInAs(ctx, ['v2access', 'v2docnew'])).client;
    expect((await call(adder, memberDocumentContracts.download, { params: { key } })).status).toBe(403);
    const none = (await signedInAs(ctx, ['v2access'])).client;
    expect((await call(none, memberDocumentContracts.download, { params: { key } })).status).toBe(403);
    expect((await call(staff, memberDocumentContracts.download, { params: { key: 999999999 } })).status).toBe(404);
    expect((await call(staff, memberDocumentContracts.download, { params: { key: crypto.randomUUID() } })).status).toBe(404);
    expect((await call(staff, memberDocumentContracts.download, { params: { key: 'abc' } })).status).toBe(400);
  });
});

describe('clean-up of uploads never attached', () => {
  it('removes waiting uploads older than the grace period (row, link and file) and keeps attached and recent ones', async () => {
    const member = await newHolder();
    const old = await uploaded();
    const attached = await uploaded();
    const recent = await uploaded();
    await saveDocuments(staff, member.cstId, [{ key: attached.key, description: 'Anexado antes', operation: 'insert' }]);
    await ctx.db
      .update(memberDocuments)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(sql`${memberDocuments.fileId} in (${old.key}, ${attached.key})`);
    const removed = await ctx.app.services.memberDocuments.cleanup();
    expect(removed).toBeGreaterThanOrEqual(1);
    const keys = (await ctx.db.select({ id: files.id }).from(files)).map((f) => f.id);
    expect(keys).not.toContain(old.key);
    expect(keys).toContain(attached.key);
    expect(keys).toContain(recent.key);
    expect(await ctx.db.select().from(fileLinks).where(eq(fileLinks.fileId, old.key))).toEqual([]);
    expect(await ctx.db.select().from(memberDocuments).where(eq(memberDocuments.fileId, old.key))).toEqual([]);
    expect((await call(staff, memberDocumentContracts.download, { params: { key: old.key } })).status).toBe(404);
    // A save naming the removed upload is refused.
    const res = await saveDocuments(staff, member.cstId, [{ key: old.key, description: 'Tarde demais', operation: 'insert' }]);
    expect(res.status).toBe(400);
  });
});
