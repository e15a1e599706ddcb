import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printingMessages, printingContracts } from '@assoc/domain';
import { call, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';
import { decodeIpp, encodeIppResponse, encodePrintJob, httpUrlOf, type DecodedIpp } from './ipp.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

const multipart = (name: string, data: Buffer) => multipartBody([{ name: 'arquivo', filename: name, data }]);

/** A fake IPP printer: records each request and answers the status it is told to. */
function fakePrinter() {
  const received: { path: string; contentType: string; ipp: DecodedIpp }[] = [];
  let status = 0x0000;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const ipp = decodeIpp(Buffer.concat(chunks));
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', ipp });
      res.writeHead(200, { 'content-type': 'application/ipp' });
      res.end(encodeIppResponse(status, ipp.requestId, status ? 'client-error-document-format-not-supported' : undefined));
    });
  });
  return {
    received,
    answer: (code: number) => (status = code),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `ipp://127.0.0.1:${(server.address() as AddressInfo).port}/ipp/print`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const printer = fakePrinter();
let ctx: TestContext;
beforeAll(async () => {
  const url = await printer.start();
  // Printer 1 answers; printer 2 has no address, so its jobs stay queued.
  ctx = await createTestApp({ PRINTER_1_URL: url, PRINTER_2_URL: '' });
});
afterAll(async () => {
  await ctx?.close();
  await printer.close();
});

describe('IPP encoding (RFC 8010)', () => {
  it('encodes a Print-Job with the operation attributes, the range and the document', () => {
    const head = encodePrintJob({
      printerUri: 'ipp://p/ipp/print',
      userName: 'Ana Souza',
      jobName: 'extrato.pdf',
      range: { start: 2, end: 3 },
      requestId: 7,
    });
    const decoded = decodeIpp(Buffer.concat([head, PDF]));
    expect(decoded.version).toEqual([1, 1]);
    expect(decoded.code).toBe(0x0002);
    expect(decoded.requestId).toBe(7);
    expect(decoded.attributes).toMatchObject({
      'attributes-charset': 'utf-8',
      'attributes-natural-language': 'pt-br',
      'printer-uri': 'ipp://p/ipp/print',
      'requesting-user-name': 'Ana Souza',
      'document-format': 'application/pdf',
      'page-ranges': [2, 3],
    });
    expect(decoded.data.equals(PDF)).toBe(true);
  });
  it('posts ipp:// to http on port 631 unless a port is given', () => {
    expect(httpUrlOf('ipp://impressora.local/ipp/print')).toBe('http://impressora.local:631/ipp/print');
    expect(httpUrlOf('ipps://impressora.local/ipp/print')).toBe('https://impressora.local:443/ipp/print');
    expect(httpUrlOf('ipp://10.0.0.5:8631/ipp/print')).toBe('http://10.0.0.5:8631/ipp/print');
    expect(httpUrlOf('http://10.0.0.5/ipp/print')).toBe('http://10.0.0.5/ipp/print');
  });
});

describe('POST/GET config (spec 1 §7)', () => {
  it('answers 401 without a session', async () => {
    expect((await call(ctx.app, printingContracts.saveConfig, { body: {} })).status).toBe(401);
    expect((await call(ctx.app, printingContracts.getConfig)).status).toBe(401);
  });

  it('saves the remembered print choice (204), merges, clears with null, audits once per change', async () => {
    const { user, client } = await signedInAs(ctx, ['v2access']);
    expect((await call(client, printingContracts.getConfig)).body).toEqual({});
    const save = await call(client, printingContracts.saveConfig, { body: { printChoice: { mode: 'remote', printer: 2 } } });
    expect(save.status).toBe(204);
    expect(save.res.body).toBe('');
    expect((await call(client, printingContracts.getConfig)).body).toEqual({ printChoice: { mode: 'remote', printer: 2 } });
    // An empty body changes nothing (and writes no audit).
    expect((await call(client, printingContracts.saveConfig, { body: {} })).status).toBe(204);
    expect((await call(client, printingContracts.getConfig)).body).toEqual({ printChoice: { mode: 'remote', printer: 2 } });
    expect((await call(client, printingContracts.saveConfig, { body: { printChoice: null } })).status).toBe(204);
    expect((await call(client, printingContracts.getConfig)).body).toEqual({});
    const { rows } = await ctx.pool.query(`select action from audits where category = 'preferencias' and entity_id = $1 order by audit_id`, [
      String(user.userId),
    ]);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update']);
    // Another user's preferences are their own.
    const other = await signedInAs(ctx, ['v2access']);
    expect((await call(other.client, printingContracts.getConfig)).body).toEqual({});
  });

  it('refuses a bad body with a pt-BR message and changes nothing', async () => {
    const { client } = await signedInAs(ctx, ['v2access']);
    const noPrinter = await call(client, printingContracts.saveConfig, { body: { printChoice: { mode: 'remote' } } });
    expect(noPrinter.status).toBe(400);
    expect(noPrinter.error.message).toContain(printingMessages.badPrinter);
    const badMode = await call(client, printingContracts.saveConfig, { rawBody: { printChoice: { mode: 'fax' } } });
    expect(badMode.status).toBe(400);
    expect(badMode.error.message).toContain(printingMessages.badPreferences);
    expect((await call(client, printingContracts.saveConfig, { rawBody: { outra: 1 } })).status).toBe(400);
    expect((await call(client, printingContracts.getConfig)).body).toEqual({});
  });
});

describe('print queue: POST/GET impressao', () => {
  it('answers 401 without a session, 403 without v2access, 403 to a non-superadmin listing', async () => {
    expect((await call(ctx.app, printingContracts.enqueue, { query: { printer: 1 }, ...multipart('a.pdf', PDF) })).status).toBe(401);
    expect((await call(ctx.app, printingContracts.list)).status).toBe(401);
    const { client: noAccess } = await signedInAs(ctx, ['v2portal']);
    expect((await call(noAccess, printingContracts.enqueue, { query: { printer: 1 }, ...multipart('a.pdf', PDF) })).status).toBe(403);
    const { client } = await signedInAs(ctx, ['v2access']);
    expect((await call(client, printingContracts.list)).status).toBe(403);
  });

  it('refuses a bad printer, a bad range, a body without a file and a file that is not a PDF, queueing nothing', async () => {
    const { client } = await signedInAs(ctx, ['v2access']);
    const before = (await ctx.pool.query('select count(*)::int as n from print_jobs')).rows[0].n;
    const printer3 = await call(client, printingContracts.enqueue, { query: { printer: 3 }, ...multipart('a.pdf', PDF) });
    expect(printer3.status).toBe(400);
    expect(printer3.error.message).toContain(printingMessages.badPrinter);
    const range = await call(client, printingContracts.enqueue, { query: { printer: 1, start: 4, end: 2 }, ...multipart('a.pdf', PDF) });
    expect(range.status).toBe(400);
    expect(range.error.message).toBe(printingMessages.badRange);
    expect((await call(client, printingContracts.enqueue, { query: { printer: 1 }, rawBody: {} })).status).toBe(415);
    // A file that is not a PDF, small or large (the small one once raised an unhandled stream error).
    for (const bytes of [Buffer.from('só texto, não PDF'), Buffer.alloc(10_000, 'a')]) {
      const text = await call(client, printingContracts.enqueue, { query: { printer: 1 }, ...multipart('a.pdf', bytes) });
      expect(text.status).toBe(415);
    }
    expect((await ctx.pool.query('select count(*)::int as n from print_jobs')).rows[0].n).toBe(before);
  });

  it('sends to a configured printer by IPP (202 sent), stores a refusal as failed, keeps jobs queued without an address', async () => {
    const { user, client } = await signedInAs(ctx, ['v2access']);
    printer.answer(0x0000);
    const sent = await call(client, printingContracts.enqueue, { query: { printer: 1, start: 1, end: 2 }, ...multipart('declaração.pdf', PDF) });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ id: expect.any(Number), status: 'sent' });
    const request = printer.received.at(-1)!;
    expect(request.path).toBe('/ipp/print');
    expect(request.contentType).toBe('application/ipp');
    expect(request.ipp.code).toBe(0x0002);
    expect(request.ipp.attributes['requesting-user-name']).toBe(user.name);
    expect(request.ipp.attributes['document-format']).toBe('application/pdf');
    expect(request.ipp.attributes['page-ranges']).toEqual([1, 2]);
    expect(request.ipp.data.equals(PDF)).toBe(true);

    printer.answer(0x040a);
    const failed = await call(client, printingContracts.enqueue, { query: { printer: 1 }, ...multipart('extrato.pdf', PDF) });
    expect(failed.status).toBe(202);
    expect(failed.body.status).toBe('failed');

    const count = printer.received.length;
    const queued = await call(client, printingContracts.enqueue, { query: { printer: 2 }, ...multipart('etiqueta.pdf', PDF) });
    expect(queued.status).toBe(202);
    expect(queued.body.status).toBe('queued');
    expect(printer.received.length).toBe(count);

    const { client: admin } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const list = await call(admin, printingContracts.list);
    expect(list.status).toBe(200);
    const jobs = list.body;
    const byId = new Map(jobs.map((j) => [j.id, j]));
    expect(byId.get(sent.body.id)).toMatchObject({ fileName: 'declaração.pdf', printer: 1, userName: user.name, status: 'sent', error: null });
    expect(byId.get(sent.body.id)!.sentAt).not.toBeNull();
    expect(byId.get(failed.body.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('0x040a') });
    expect(byId.get(queued.body.id)).toMatchObject({ printer: 2, status: 'queued', sentAt: null });
    // The PDF is kept as a file of the job, audited.
    const { rows } = await ctx.pool.query(`select count(*)::int as n from file_links where owner_kind = 'print-job' and owner_id = $1`, [
      String(queued.body.id),
    ]);
    expect(rows[0].n).toBe(1);
    const audits = await ctx.pool.query(`select count(*)::int as n from audits where category = 'impressao' and entity_id = $1`, [
      String(queued.body.id),
    ]);
    expect(audits.rows[0].n).toBe(1);
  });

  it('stores an unreachable printer as a failed job', async () => {
    const dead = await createTestApp({ PRINTER_1_URL: 'http://127.0.0.1:9/ipp/print' });
    try {
      const { client } = await signedInAs(dead, ['v2access']);
      const res = await call(client, printingContracts.enqueue, { query: { printer: 1 }, ...multipart('a.pdf', PDF) });
      expect(res.status).toBe(202);
      expect(res.body.status).toBe('failed');
    } finally {
      await dead.close();
    }
  });
});
