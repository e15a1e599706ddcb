import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GenerateArgs } from './documents.generator.js';

/** One chunk of a batch sent to a worker: the template once, then the inputs and options of each PDF. */
export interface PoolTask {
  template: GenerateArgs['template'];
  jobs: Omit<GenerateArgs, 'template'>[];
}

/** What a worker answers for one chunk: the PDFs in order (their buffers transferred), or the failure's message. */
export type PoolReply = { id: number; pdfs: Uint8Array[] } | { id: number; error: string; item: number };

export interface RenderPool {
  /** How many workers the pool runs at most. */
  readonly size: number;
  /** Renders every job with the template over the workers (chunks in parallel); the PDFs in order. */
  generate(task: PoolTask): Promise<Uint8Array[]>;
  /** Ends the workers (the app's onClose); a later batch starts them again. */
  close(): Promise<void>;
}

/** How many workers: the configured count (`DOCUMENTS_WORKERS`) capped by the cores; 0 renders in-process. */
export const poolSize = (configured: number) => Math.max(0, Math.min(configured, os.availableParallelism()));

/**
 * The worker entry: documents.worker.ts next to this file under tsx/vitest (started through tsx's loader, since Node 20
 * loads no TypeScript in a worker by itself), or dist/documents.worker.js next to the bundled dist/server.js
 * (scripts/build.mjs bundles both).
 */
export function startWorker(): Worker {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) return new Worker(new URL('./documents.worker.js', here));
  const entry = new URL('./documents.worker.ts', here).href;
  const tsx = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true });
}

interface Slot {
  worker: Worker;
  busy: boolean;
  pending?: { id: number; resolve: (pdfs: Uint8Array[]) => void; reject: (error: Error) => void; offset: number };
}

/**
 * A small pool of worker threads rendering statement batches on every core (issue 11: ≥ 100 PDFs/s). Workers start on
 * the first batch and stay (each keeps its parsed fonts and shaping between chunks); a worker that dies is replaced on
 * the next chunk. A chunk holds a few PDFs so both workers stay busy to the end of the batch.
 */
export function createRenderPool(size: number, start: () => Worker = startWorker): RenderPool {
  const slots: Slot[] = [];
  const waiting: (() => void)[] = [];
  let nextId = 1;

  const release = (slot: Slot) => {
    slot.busy = false;
    waiting.shift()?.();
  };
  const remove = (slot: Slot, error: Error) => {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    slot.pending?.reject(error);
    slot.pending = undefined;
    waiting.shift()?.();
  };
  const spawn = (): Slot => {
    const slot: Slot = { worker: start(), busy: false };
    slot.worker.unref();
    slot.worker.on('message', (reply: PoolReply) => {
      const pending = slot.pending;
      if (!pending || pending.id !== reply.id) return;
      slot.pending = undefined;
      if ('error' in reply) pending.reject(new Error(`Documento ${pending.offset + reply.item + 1} do lote: ${reply.error}`));
      else pending.resolve(reply.pdfs);
      release(slot);
    });
    slot.worker.on('error', (error) => remove(slot, new Error(`Falha no gerador de documentos: ${error.message}`)));
    slot.worker.on('exit', (code) => remove(slot, new Error(`Gerador de documentos encerrado (código ${code})`)));
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
    return new Promise((resolve, reject) => {
      const id = nextId++;
      slot.pending = { id, resolve, reject, offset };
      slot.worker.ref();
      slot.worker.postMessage({ id, ...task });
    }).finally(() => {
      if (slots.includes(slot)) slot.worker.unref();
    }) as Promise<Uint8Array[]>;
  };

  return {
    size,
    async generate({ template, jobs }) {
      // Chunks of a few PDFs (at most 16): large enough that messages cost little, small enough to share the tail.
      const chunk = Math.max(1, Math.min(16, Math.ceil(jobs.length / (size * 4))));
      const parts: Promise<Uint8Array[]>[] = [];
      for (let offset = 0; offset < jobs.length; offset += chunk) parts.push(run({ template, jobs: jobs.slice(offset, offset + chunk) }, offset));
      return (await Promise.all(parts)).flat();
    },
    async close() {
      const all = slots.splice(0);
      for (const slot of all) {
        slot.pending?.reject(new Error('Gerador de documentos encerrado'));
        slot.pending = undefined;
      }
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}
