import Fastify from 'fastify';
import type { Template } from '@pdfme/common';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { ModuleContext } from '../../lib/module.js';
import type { RenderContext } from './document.types.js';
import { extrato } from './definitions/extrato.js';
import { documentDefinitions } from './definitions/index.js';
import { RenderFailure, createRenderPool, startWorker } from './documents.pool.js';
import { POOL_MIN_BATCH, createDocumentRenderer } from './documents.renderer.js';
import { createDocumentService } from './documents.service.js';
import documentsModule from './index.js';
import { pdfText } from './pdf-text.testing.js';

const context: RenderContext = { association: { name: 'Associação dos Magistrados', shortName: 'ASSOC' }, now: new Date('2026-03-15T15:00:00Z') };
const pooled = createDocumentRenderer({ context: () => context, workers: 2 });
const inProcess = createDocumentRenderer({ context: () => context });
afterAll(() => pooled.close());

const names = ['Ângela Simões', 'João Gonçalves', 'Conceição Brandão', 'Luís Magalhães', 'Fátima de Assunção'];
const statements = (count: number) => {
  const sample = extrato.sample();
  return Array.from({ length: count }, (_, i) => ({ ...sample, member: { ...sample.member, name: names[i % names.length]!, numero: 500 + i } }));
};

// The first batch starts the workers, which load the generator through tsx here (slow on a busy machine).
describe('documents render pool', { timeout: 180_000 }, () => {
  it('renderMany through the worker pool answers the same pages, in order, as in-process', async () => {
    const list = statements(POOL_MIN_BATCH + 2);
    const service = createDocumentService({ definitions: documentDefinitions, renderer: pooled });
    const [viaPool, local] = await Promise.all([service.renderMany('extrato', list), inProcess.renderMany(extrato, list)]);
    expect(viaPool).toHaveLength(list.length);
    for (const [i, pdf] of viaPool.entries()) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
      const pages = await pdfText(pdf);
      expect(pages).toEqual(await pdfText(local[i]!));
      expect(pages[0]).toContain(names[i % names.length]);
    }
    // A bad item is still refused on the main thread before anything is rendered, naming the item.
    const bad = [...list];
    bad[3] = { ...list[3]!, member: { ...list[3]!.member, cpf: '111' } };
    await expect(service.renderMany('extrato', bad)).rejects.toThrow(/^4: member\.cpf: /);
  });

  it('renderBook joins every item into one PDF, in order, over the pool: the same pages as in-process, and again on a second run', async () => {
    const list = statements(POOL_MIN_BATCH * 4 + 3);
    const now = new Date('2031-05-01T03:00:00Z');
    const viaPool = await pooled.renderBook(extrato, list, { now });
    const local = await inProcess.renderBook(extrato, list, { now });
    const pages = await pdfText(viaPool.pdf);
    expect(viaPool.pages).toBe(pages.length);
    expect(pages.length).toBeGreaterThanOrEqual(list.length);
    expect(await pdfText(local.pdf)).toEqual(pages);
    // Item i starts the page after item i-1's last one: names in the order given.
    const firsts = pages.filter((p) => p.includes('Extrato mensal') && p.includes('Associado:'));
    expect(firsts.map((p) => names.find((n) => p.includes(n)))).toEqual(list.map((d) => d.member.name));
    expect(await pdfText((await pooled.renderBook(extrato, list, { now })).pdf)).toEqual(pages);
  });

  it('a failure inside a worker surfaces as a clear error naming the item; close terminates the workers', async () => {
    const workers: Worker[] = [];
    const pool = createRenderPool(2, undefined, (options) => {
      const worker = startWorker(options);
      workers.push(worker);
      return worker;
    });
    const template = {
      basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10] },
      schemas: [[{ name: 't', type: 'no-such-type', position: { x: 10, y: 10 }, width: 100, height: 10 }]],
    } as unknown as Template;
    const jobs = [{ inputs: [{ t: 'a' }] }, { inputs: [{ t: 'b' }] }];
    await expect(pool.generate({ template, jobs })).rejects.toThrow(/^Documento [12] do lote: .*no-such-type not found/);
    expect(workers.length).toBeGreaterThan(0);
    const exits = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    await pool.close();
    await Promise.all(exits);
    expect(workers.every((worker) => worker.threadId === -1)).toBe(true);
  });

  it('the documents module closes its pool with the app', async () => {
    const app = Fastify({ logger: false });
    app.decorate('config', loadConfig({ SESSION_SECRET: 'test', DOCUMENTS_WORKERS: 1 }));
    app.decorate('services', {} as never);
    // The module's needs (files, mail) only serve emailTo, which this test does not call.
    await documentsModule.setup!(app, { services: { files: {}, mail: {} } } as unknown as ModuleContext);
    await app.ready();
    const pdfs = await app.services.documents.renderMany('extrato', statements(POOL_MIN_BATCH));
    expect(pdfs).toHaveLength(POOL_MIN_BATCH);
    await app.close();
  });
});

/**
 * A stand-in worker (issue 22 item 4): loads at once, then on a chunk runs `onChunk` (JavaScript) or, for an 'ok'
 * chunk, answers one small PDF-like buffer; started with the pool's options (its memory limit).
 */
function fakeWorker(onChunk: string, started: Worker[], given: WorkerOptions[] = []) {
  return (options: WorkerOptions) => {
    given.push(options);
    const code = `const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', ({ id, jobs }) => {
        if (jobs[0].inputs[0].ok) return parentPort.postMessage({ id, pdfs: [new Uint8Array([37, 80, 68, 70, 45])] });
        ${onChunk}
      });`;
    const worker = new Worker(code, { ...options, eval: true });
    started.push(worker);
    return worker;
  };
}

describe('documents render pool limits', { timeout: 120_000 }, () => {
  const template = { basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10] }, schemas: [[]] } as unknown as Template;

  it('a chunk past the time limit ends its worker and fails with kind time, the event loop free meanwhile; the next chunk gets a new worker', async () => {
    const started: Worker[] = [];
    const pool = createRenderPool(1, { timeoutMs: 300, memoryMb: 64 }, fakeWorker('for (;;) {}', started));
    const ticks: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      ticks.push(performance.now() - last);
      last = performance.now();
    }, 10);
    const start = performance.now();
    const failure = await pool.generate({ template, jobs: [{ inputs: [{ loop: 'x' }] }] }).catch((error: unknown) => error);
    clearInterval(timer);
    expect(failure).toBeInstanceOf(RenderFailure);
    expect((failure as RenderFailure).kind).toBe('time');
    expect(performance.now() - start).toBeLessThan(10_000);
    expect(ticks.length).toBeGreaterThan(5);
    const pdfs = await pool.generate({ template, jobs: [{ inputs: [{ ok: 'x' }] }] });
    expect(Buffer.from(pdfs[0]!).toString()).toBe('%PDF-');
    expect(started).toHaveLength(2);
    expect(started[0]!.threadId).toBe(-1);
    await pool.close();
  });

  it('a chunk past the memory limit fails with kind memory and the process goes on', async () => {
    const started: Worker[] = [];
    const given: WorkerOptions[] = [];
    const allocate = 'const kept = []; for (;;) kept.push(new Array(1e5).fill(Math.random()));';
    const pool = createRenderPool(1, { timeoutMs: 60_000, memoryMb: 32 }, fakeWorker(allocate, started, given));
    const failure = await pool.generate({ template, jobs: [{ inputs: [{ grow: 'x' }] }] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RenderFailure);
    expect((failure as RenderFailure).kind).toBe('memory');
    expect(given[0]!.resourceLimits).toEqual({ maxOldGenerationSizeMb: 32 });
    const pdfs = await pool.generate({ template, jobs: [{ inputs: [{ ok: 'x' }] }] });
    expect(pdfs).toHaveLength(1);
    await pool.close();
  });
});
