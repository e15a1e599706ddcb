import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';
import type { SessionUser } from '../auth/session.js';
import { createFileService } from './files.service.js';
import { filesTexts, sniffContentType, XLSX_TYPE } from './files.sniff.js';
import { createLocalStore, createS3Store, signV4, type BlobStore } from './files.store.js';
import { receiveUpload, registerMultipart } from './files.upload.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const XLS = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const user = (userId: number, roles: string[]): SessionUser => ({
  sessionId: 1,
  userId,
  cpf: '',
  name: 'Teste',
  cstId: null,
  roles,
  xsrfToken: '',
  mustChangePassword: false,
});

describe('content sniffing', () => {
  it('names the type from the bytes, not from the name', () => {
    expect(sniffContentType(PDF, 'x.txt')).toBe('application/pdf');
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'a.pdf')).toBe('image/png');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'a')).toBe('image/jpeg');
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....xl/workbook.xml')]))).toBe(XLSX_TYPE);
    expect(sniffContentType(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....doc.txt')]))).toBe('application/zip');
    expect(sniffContentType(Buffer.from('cpf;nome\n1;José\n'), 'lista.csv')).toBe('text/csv');
    expect(sniffContentType(Buffer.from('olá'), 'nota')).toBe('text/plain');
    expect(sniffContentType(Buffer.from([0, 1, 2, 3]), 'a.csv')).toBe('application/octet-stream');
  });

  it('refuses the legacy XLS (OLE2) with the spec message', () => {
    expect(() => sniffContentType(XLS, 'planilha.xlsx')).toThrow(filesTexts.xlsRefused);
  });
});

describe('SigV4', () => {
  it('matches the AWS documentation example (GET object)', () => {
    const authorization = signV4({
      method: 'GET',
      path: '/test.txt',
      payloadHash: crypto.createHash('sha256').update('').digest('hex'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': crypto.createHash('sha256').update('').digest('hex'),
        'x-amz-date': '20130524T000000Z',
      },
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/**
 * No real S3 or MinIO can run here: an in-process fake S3 (PUT/GET/DELETE object, path style) that checks
 * the signature and the signed payload hash the way S3 does.
 */
async function fakeS3(secret: string) {
  const objects = new Map<string, Buffer>();
  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const headers = req.headers as Record<string, string>;
    const signed = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')?.[1]?.split(';') ?? [];
    const expected = signV4({
      method: req.method!,
      path: req.url!,
      payloadHash: headers['x-amz-content-sha256']!,
      headers: Object.fromEntries(signed.map((h) => [h, headers[h]!])),
      region: 'sa-east-1',
      service: 's3',
      accessKeyId: 'AK',
      secretAccessKey: secret,
    });
    if (headers.authorization !== expected) {
      res.statusCode = 403;
      return res.end('SignatureDoesNotMatch');
    }
    if (req.method === 'PUT') {
      if (crypto.createHash('sha256').update(body).digest('hex') !== headers['x-amz-content-sha256']) {
        res.statusCode = 400;
        return res.end('XAmzContentSHA256Mismatch');
      }
      objects.set(req.url!, body);
      return res.end();
    }
    if (req.method === 'GET') {
      const object = objects.get(req.url!);
      res.statusCode = object ? 200 : 404;
      return res.end(object ?? 'NoSuchKey');
    }
    objects.delete(req.url!);
    res.statusCode = 204;
    return res.end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { objects, server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function roundTrip(store: BlobStore) {
  const data = crypto.randomBytes(300_000);
  const put = await store.put('k-1', Readable.from([data.subarray(0, 1000), data.subarray(1000)]));
  expect(put).toEqual({ key: 'k-1', size: data.length, sha256: crypto.createHash('sha256').update(data).digest('hex') });
  const chunks: Buffer[] = [];
  for await (const c of await store.get('k-1')) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).equals(data)).toBe(true);
  await store.delete('k-1');
  await expect(async () => {
    for await (const _ of await store.get('k-1'));
  }).rejects.toThrow();
}

describe('stores', () => {
  it('local folder: put, get, delete', async () => {
    await roundTrip(createLocalStore(fs.mkdtempSync(path.join(os.tmpdir(), 'files-'))));
  });

  it('S3-compatible: put, get, delete, signed', async () => {
    const s3 = await fakeS3('segredo');
    try {
      await roundTrip(createS3Store({ endpoint: s3.endpoint, bucket: 'assoc', region: 'sa-east-1', accessKeyId: 'AK', secretAccessKey: 'segredo' }));
      const wrong = createS3Store({ endpoint: s3.endpoint, bucket: 'assoc', region: 'sa-east-1', accessKeyId: 'AK', secretAccessKey: 'outro' });
      await expect(wrong.put('k-2', Readable.from([PDF]))).rejects.toThrow('HTTP 403');
    } finally {
      s3.server.close();
    }
  });
});

describe('file service (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('saves a streamed file with its sniffed type, size and SHA-256 into an S3 bucket', async () => {
    const s3 = await fakeS3('segredo');
    try {
      const store = createS3Store({ endpoint: s3.endpoint, bucket: 'assoc', region: 'sa-east-1', accessKeyId: 'AK', secretAccessKey: 'segredo' });
      const files = createFileService({ db: ctx.db, store, maxBytes: 1024 * 1024 });
      const saved = await files.save({ name: 'processo.bin', data: Readable.from([PDF.subarray(0, 3), PDF.subarray(3)]) });
      expect(saved).toMatchObject({
        mimeType: 'application/pdf',
        size: PDF.length,
        sha256: crypto.createHash('sha256').update(PDF).digest('hex'),
        storageKey: saved.id,
      });
      expect(s3.objects.get(`/assoc/${saved.id}`)?.equals(PDF)).toBe(true);
      expect(await text(await files.open(saved))).toBe(PDF.toString());
    } finally {
      s3.server.close();
    }
  });

  it('refuses XLS (415) and files beyond the limit (413), keeping neither record nor bytes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
    const files = createFileService({ db: ctx.db, store: createLocalStore(dir), maxBytes: 10_000 });
    const before = (await ctx.pool.query('select count(*)::int as n from files')).rows[0].n;
    await expect(files.save({ name: 'a.xls', data: XLS })).rejects.toMatchObject({ statusCode: 415, message: filesTexts.xlsRefused });
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.alloc(1000, 65);
      })(),
    );
    await expect(files.save({ name: 'grande.csv', data: big })).rejects.toMatchObject({ statusCode: 413 });
    await expect(files.save({ name: 'a.txt', data: Buffer.from('texto'), accept: ['application/pdf'] })).rejects.toMatchObject({ statusCode: 415 });
    // Refused at once, many times in a row: each refusal reaches the caller (no unhandled stream error) and
    // leaves no file behind.
    const refusals = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => files.save({ name: `r${n}.txt`, data: Buffer.from('texto'), accept: ['application/pdf'] })),
    );
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 'rejected', reason: { statusCode: 415 } });
    expect((await ctx.pool.query('select count(*)::int as n from files')).rows[0].n).toBe(before);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('decides who reads a file through its links: 404 unlinked, the owner kind rule, superadmin; replace removes the old file', async () => {
    const files = ctx.app.services.files;
    const owners = new Map([['d-1', 7]]);
    files.ownerRule('test-doc', async (u, ownerId) => owners.get(ownerId) === u.userId);
    const first = await files.save({ name: 'a.pdf', data: PDF });
    await expect(files.readable(user(7, []), first.id)).rejects.toMatchObject({ statusCode: 404 });
    await files.attach('test-doc', 'd-1', first.id);
    expect((await files.readable(user(7, []), first.id)).id).toBe(first.id);
    // Not the owner: 404 like an unknown file (issue 28).
    await expect(files.readable(user(8, []), first.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await files.readable(user(8, ['superadmin']), first.id)).id).toBe(first.id);

    const second = await files.save({ name: 'b.pdf', data: PDF });
    await files.attach('test-doc', 'd-1', second.id, { replace: true });
    expect(await files.find(first.id)).toBeNull();
    const { rows } = await ctx.pool.query(`select file_id from file_links where owner_kind = 'test-doc' and owner_id = 'd-1'`);
    expect(rows).toEqual([{ file_id: second.id }]);
  });
});

const upload = (name: string, data: Buffer) => multipartBody([{ name: 'arquivo', filename: name, data, contentType: 'application/octet-stream' }]);

describe('multipart upload helper (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('streams one file into the store; 413 beyond the limit, 415 for XLS, 400 without a file, all in pt-BR', async () => {
    // A test-only app: no public upload route exists yet; screens that upload will use receiveUpload the same way.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
    const files = createFileService({ db: ctx.db, store: createLocalStore(dir), maxBytes: 50_000 });
    const app = Fastify();
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof AppError) return reply.status(error.statusCode).send({ message: error.message });
      return reply.status(500).send({ message: 'erro' });
    });
    await registerMultipart(app, files.maxBytes);
    app.post('/upload', async (request) => receiveUpload(request, files, { createdBy: null }));
    try {
      const ok = await app.inject({ method: 'POST', url: '/upload', ...upload('petição.pdf', PDF) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ name: 'petição.pdf', mimeType: 'application/pdf', size: PDF.length });
      expect(fs.readFileSync(path.join(dir, ok.json().id)).equals(PDF)).toBe(true);

      const big = await app.inject({
        method: 'POST',
        url: '/upload',
        ...upload('grande.pdf', Buffer.concat([PDF, Buffer.alloc(60_000, 32)])),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ message: 'O arquivo excede o tamanho máximo de 49 KB' });
      expect(filesTexts.tooLarge(20 * 1048576)).toBe('O arquivo excede o tamanho máximo de 20 MB');
      const xls = await app.inject({ method: 'POST', url: '/upload', ...upload('planilha.xls', XLS) });
      expect(xls.statusCode).toBe(415);
      expect(xls.json()).toEqual({ message: filesTexts.xlsRefused });
      const none = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
      expect(none.statusCode).toBe(415);
      expect(fs.readdirSync(dir)).toEqual([ok.json().id]);
    } finally {
      await app.close();
    }
  });
});
