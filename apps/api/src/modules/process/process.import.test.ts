import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processMessages, processContracts } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { importBatch, nextCnj, testPdf } from './process.testing.js';
import { multipartBody } from '../../../test/multipart.js';

/** Issue 22 item 6: the import streams its files, is bounded per request and per key, and is idempotent under concurrency. */

const MB = 1024 * 1024;

let ctx: TestContext;
let bounded: TestContext;
let apiKey: string;
let boundedKey: string;
let boundedKeyId: number;

async function newKey(c: TestContext): Promise<{ chave: string; id: number }> {
  const { client } = await signedInAs(c, ['v2access', 'superadmin']);
  const created = await call(client, processContracts.createApiKey, { body: { nome: `Integração ${crypto.randomUUID().slice(0, 8)}` } });
  expect(created.status, created.res.body).toBe(201);
  return created.body;
}

function importAs(c: TestContext, key: string, batch: unknown, files: { name: string; filename?: string; data: Buffer }[] = []) {
  const body = multipartBody([{ name: 'dados', value: JSON.stringify(batch) }, ...files]);
  return call(c.app, processContracts.import, { rawBody: body.payload, headers: { ...body.headers, 'x-api-key': key } });
}

/** What an import may leave behind: processes, movements, stored files and their links. */
async function counts(c: TestContext) {
  const { rows } = await c.pool
    .query(`select (select count(*)::int from processes) as processes, (select count(*)::int from process_movements) as movements,
                                              (select count(*)::int from files) as files, (select count(*)::int from file_links) as links`);
  return rows[0] as { processes: number; movements: number; files: number; links: number };
}

beforeAll(async () => {
  ctx = await createTestApp();
  bounded = await createTestApp({
    PROCESS_IMPORT_MAX_FILES: 2,
    PROCESS_IMPORT_MAX_MB: 1,
    PROCESS_IMPORT_ACTIVE_PER_KEY: 1,
    PROCESS_IMPORT_QUEUED_PER_KEY: 1,
  });
  apiKey = (await newKey(ctx)).chave;
  ({ chave: boundedKey, id: boundedKeyId } = await newKey(bounded));
});
afterAll(async () => {
  await ctx?.close();
  await bounded?.close();
});

describe('import under concurrency (issue 22 item 6)', () => {
  it('10 identical imports at once all answer 200, one process and its movements created once, no file left over', async () => {
    const numero = nextCnj(2023);
    const batch = importBatch(numero, [
      { id: 'c1', data: '2024-01-10', texto: 'Distribuído por sorteio.' },
      { id: 'c2', data: '2024-02-05', texto: 'Juntada de petição.', documento: 'peticao.pdf' },
    ]);
    const files = [
      { name: 'pdf', filename: 'processo.pdf', data: testPdf('autos concorrentes') },
      { name: 'peticao.pdf', filename: 'peticao.pdf', data: testPdf('peticao concorrente') },
    ];
    const before = await counts(ctx);
    const replies = await Promise.all(Array.from({ length: 10 }, () => importAs(ctx, apiKey, batch, files)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = replies.map((r) => r.body);
    expect(bodies.filter((b) => b.criado)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.proId)).size).toBe(1);
    expect(bodies.reduce((n, b) => n + b.andamentosNovos, 0)).toBe(2);
    // One process, two movements, two files (the PDF and the document) linked; every other copy discarded.
    expect(await counts(ctx)).toEqual({
      processes: before.processes + 1,
      movements: before.movements + 2,
      files: before.files + 2,
      links: before.links + 2,
    });
  });

  it('beyond the imports one key may run and queue, the import answers 429 with a message; the others complete', async () => {
    // Two imports whose bodies stall mid-file: the first holds the key's only slot, the second waits its turn.
    const stalled = [nextCnj(2023), nextCnj(2023)].map((numero) => {
      const body = multipartBody([
        { name: 'dados', value: JSON.stringify(importBatch(numero)) },
        { name: 'pdf', filename: 'p.pdf', data: testPdf('lento') },
      ]);
      const stream = new PassThrough();
      stream.write(body.payload.subarray(0, body.payload.length - 60));
      const reply = call(bounded.app, processContracts.import, { rawBody: stream, headers: { ...body.headers, 'x-api-key': boundedKey } });
      return { finish: () => stream.end(body.payload.subarray(body.payload.length - 60)), reply };
    });
    // Until the first holds the slot and the second waits (on a busy machine this takes a moment).
    await expect.poll(() => bounded.app.services.process.importLoad(boundedKeyId), { timeout: 20_000 }).toEqual({ running: 1, waiting: 1 });
    const before = await counts(bounded);
    const refused = await importAs(bounded, boundedKey, importBatch(nextCnj(2023)));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: processMessages.importBusy });
    expect(await counts(bounded)).toEqual(before);
    for (const s of stalled) s.finish();
    const done = await Promise.all(stalled.map((s) => s.reply));
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    expect(bounded.app.services.process.importLoad(boundedKeyId)).toEqual({ running: 0, waiting: 0 });
    // The slot is free again.
    expect((await importAs(bounded, boundedKey, importBatch(nextCnj(2023)))).status).toBe(200);
  });
});

describe('import bounds per request (issue 22 item 6)', () => {
  it('more files than allowed: 413 with a pt-BR message, nothing created and no file kept', async () => {
    const before = await counts(bounded);
    const files = [1, 2, 3].map((n) => ({ name: `doc${n}.pdf`, filename: `doc${n}.pdf`, data: testPdf(`doc ${n}`) }));
    const res = await importAs(bounded, boundedKey, importBatch(nextCnj(2023)), files);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: processMessages.tooManyFiles(2) });
    expect(await counts(bounded)).toEqual(before);
  });

  it('files larger together than allowed: 413 with a pt-BR message, nothing created and no file kept', async () => {
    const before = await counts(bounded);
    const big = (text: string) => Buffer.concat([testPdf(text), Buffer.alloc(600 * 1024, 0x20)]);
    const res = await importAs(bounded, boundedKey, importBatch(nextCnj(2023)), [
      { name: 'pdf', filename: 'a.pdf', data: big('a') },
      { name: 'anexo', filename: 'b.pdf', data: big('b') },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: processMessages.importTooLarge(1) });
    expect(await counts(bounded)).toEqual(before);
  });

  it('streams each file to the store as it arrives: 5 × 10 MB, each stored before the next is sent, memory far below the total', async () => {
    const boundary = `----assoc${crypto.randomBytes(8).toString('hex')}`;
    const before = await counts(ctx);
    const filler = Buffer.alloc(64 * 1024, 0x20);
    const storedWhenSending: number[] = [];
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${JSON.stringify(importBatch(nextCnj(2023)))}\r\n`);
      for (let part = 0; part < 5; part++) {
        // How many files the store holds when this part starts: every part but the one just sent (whose end the
        // parser learns from this part's boundary) is already there.
        storedWhenSending.push((await counts(ctx)).files - before.files);
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="anexo${part}"; filename="anexo${part}.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
        );
        for (let sent = 0; sent < 10 * MB; sent += filler.length) yield filler;
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${boundary}--\r\n`);
    }
    const baseline = process.memoryUsage().arrayBuffers;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 5);
    try {
      const res = await call(ctx.app, processContracts.import, {
        rawBody: Readable.from(body()),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-api-key': apiKey },
      });
      expect(res.status, res.res.body).toBe(200);
    } finally {
      clearInterval(sampler);
    }
    expect(storedWhenSending).toEqual([0, 0, 1, 2, 3]);
    expect(peak - baseline).toBeLessThan(20 * MB);
    // No movement names them: all five are discarded after the transaction.
    expect((await counts(ctx)).files).toBe(before.files);
  });
});
