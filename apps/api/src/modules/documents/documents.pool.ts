import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { GenerateArgs } from './documents.generator.js';

/** One chunk of a batch sent to a worker: the template once, then the inputs and options of each PDF. */
export interface PoolTask {
  template: GenerateArgs['template'];
  jobs: Omit<GenerateArgs, 'template'>[];
}

/** What a worker answers for one chunk: the PDFs in order (their buffers transferred), or the failure's message; `ready` once loaded. */
export type PoolReply = { id: number; pdfs: Uint8Array[] } | { id: number; error: string; item: number } | { ready: true };

/** The limits of a render in a worker (issue 22 item 4): time per PDF (the worker is ended past it) and its memory. */
export interface RenderLimits {
  timeoutMs: number;
  memoryMb: number;
}

/**
 * A pooled render that did not give its PDFs: `time` (ended past the time limit), `memory` (the worker ran out of its
 * memory limit) or `failed` (the generator's error, `detail`, for the chunk's item `item`); the worker is replaced.
 */
export class RenderFailure extends Error {
  constructor(
    readonly kind: 'time' | 'memory' | 'failed',
    message: string,
    readonly detail = message,
  ) {
    super(message);
    this.name = 'RenderFailure';
  }
}

export interface RenderPool {
  /** How many workers the pool runs at most. */
  readonly size: number;
  /** Renders every job with the template over the workers (chunks in parallel); the PDFs in order. */
  generate(task: PoolTask): Promise<Uint8Array[]>;
  /** Starts one worker ahead of the first chunk, when none runs (it loads pdfme in the background); settles once one is loaded. */
  warm(): Promise<void>;
  /** Ends the workers (the app's onClose); a later batch starts them again. */
  close(): Promise<void>;
}

/** How many workers: the configured count (`DOCUMENTS_WORKERS`) capped by the cores; 0: batches in-process (the renderer still keeps one for edited templates). */
export const poolSize = (configured: number) => Math.max(0, Math.min(configured, os.availableParallelism()));

/**
 * The worker entry: documents.worker.ts next to this file under tsx/vitest (started through tsx's loader, since Node 20
 * loads no TypeScript in a worker by itself), or dist/documents.worker.js next to the bundled dist/server.js
 * (scripts/build.mjs bundles both).
 */
export function startWorker(options: WorkerOptions = {}): Worker {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) return new Worker(new URL('./documents.worker.js', here), options);
  const entry = new URL('./documents.worker.ts', here).href;
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Settles once the worker has loaded the generator (its first message): the time limit counts from the chunk's dispatch. */
  ready: Promise<void>;
  pending?: { id: number; resolve: (pdfs: Uint8Array[]) => void; reject: (error: Error) => void; offset: number; timer?: NodeJS.Timeout };
}

const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/** PDFs per chunk sent to a worker at most. */
export const CHUNK_MAX = 50;

/**
 * A small pool of worker threads rendering statement batches on every core (issue 11: ≥ 100 PDFs/s) and every render
 * of an edited template (issue 22 item 4). Workers start on the first chunk and stay (each keeps its parsed fonts and
 * shaping between chunks); a worker that dies is replaced on the next chunk. A chunk holds a few PDFs so both workers
 * stay busy to the end of the batch; a worker renders its chunk as one document split per PDF. Each worker runs under `limits`: a chunk has `timeoutMs` per PDF from its dispatch
 * (past it the worker is terminated), and its heap is capped at `memoryMb` (V8 ends a worker past it); either rejects
 * the chunk with a RenderFailure and the main thread never waits on a render.
 */
export function createRenderPool(
  size: number,
  limits: RenderLimits = { timeoutMs: 10_000, memoryMb: 256 },
  start: (options: WorkerOptions) => Worker = startWorker,
): RenderPool {
  const slots: Slot[] = [];
  const waiting: (() => void)[] = [];
  let nextId = 1;

  const release = (slot: Slot) => {
    slot.busy = false;
    waiting.shift()?.();
  };
  /** Settles the slot's chunk (clearing its timer); the worker stays for the next chunk. */
  const settle = (slot: Slot) => {
    const pending = slot.pending;
    if (pending?.timer) clearTimeout(pending.timer);
    slot.pending = undefined;
    return pending;
  };
  const remove = (slot: Slot, error: Error) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    settle(slot)?.reject(error);
    waiting.shift()?.();
  };
  const spawn = (): Slot => {
    const worker = start({ resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb } });
    let loaded!: () => void;
    let failed!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => ((loaded = resolve), (failed = reject)));
    ready.catch(() => undefined);
    const slot: Slot = { worker, busy: false, ready };
    worker.unref();
    worker.on('message', (reply: PoolReply) => {
      if ('ready' in reply) return loaded();
      if (slot.pending?.id !== reply.id) return;
      const pending = settle(slot)!;
      if ('error' in reply)
        pending.reject(new RenderFailure('failed', `Documento ${pending.offset + reply.item + 1} do lote: ${reply.error}`, reply.error));
      else pending.resolve(reply.pdfs);
      release(slot);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const failure =
        error.code === OUT_OF_MEMORY
          ? new RenderFailure('memory', `Gerador de documentos sem memória (limite de ${limits.memoryMb} MB)`)
          : new RenderFailure('failed', `Falha no gerador de documentos: ${error.message}`, error.message);
      failed(failure);
      remove(slot, failure);
    });
    worker.on('exit', (code) => {
      const failure = new RenderFailure('failed', `Gerador de documentos encerrado (código ${code})`);
      failed(failure);
      remove(slot, failure);
    });
    slots.push(slot);
    return slot;
  };
  const acquire = async (): Promise<Slot> => {
    for (;;) {
      const idle = slots.find((s) => !s.busy) ?? (slots.length < size ? spawn() : undefined);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  const run = async (task: PoolTask, offset: number): Promise<Uint8Array[]> => {
    const slot = await acquire();
    slot.worker.ref();
    try {
      await slot.ready;
      return await new Promise<Uint8Array[]>((resolve, reject) => {
        const id = nextId++;
        const timeoutMs = limits.timeoutMs * Math.max(1, task.jobs.length);
        const timer = setTimeout(() => {
          // Past the limit: the worker is ended (its render cannot be interrupted otherwise) and replaced on the next chunk.
          remove(slot, new RenderFailure('time', `Gerador de documentos passou do limite de tempo (${timeoutMs} ms)`));
          void slot.worker.terminate();
        }, timeoutMs);
        slot.pending = { id, resolve, reject, offset, timer };
        slot.worker.postMessage({ id, ...task });
      });
    } finally {
      if (slots.includes(slot)) slot.worker.unref();
    }
  };

  return {
    size,
    async generate({ template, jobs }) {
      // Chunks of up to CHUNK_MAX PDFs, two per worker: a worker renders a chunk as one document (the fonts subset and
      // embedded once per chunk, documents.worker.ts), so larger chunks cost less; two per worker share the tail.
      const chunk = Math.max(1, Math.min(CHUNK_MAX, Math.ceil(jobs.length / (size * 2))));
      const parts: Promise<Uint8Array[]>[] = [];
      for (let offset = 0; offset < jobs.length; offset += chunk) parts.push(run({ template, jobs: jobs.slice(offset, offset + chunk) }, offset));
      return (await Promise.all(parts)).flat();
    },
    warm() {
      const slot = slots[0] ?? (size > 0 ? spawn() : undefined);
      return slot ? slot.ready : Promise.resolve();
    },
    async close() {
      const all = slots.splice(0);
      for (const slot of all) settle(slot)?.reject(new RenderFailure('failed', 'Gerador de documentos encerrado'));
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}
