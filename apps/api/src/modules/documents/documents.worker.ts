/**
 * A worker thread of the documents render pool (documents.pool.ts): renders the chunks it receives with the same generator,
 * fonts and plugins as the in-process renderer, and answers the PDFs with their buffers transferred (not copied). The pool
 * starts it with a memory limit and ends it past the time limit.
 */
import { parentPort } from 'node:worker_threads';
import { createGenerator } from './documents.generator.js';
import type { PoolReply, PoolTask } from './documents.pool.js';
import { documentFonts, documentPlugins } from './documents.renderer.js';

if (!parentPort) throw new Error('documents.worker: not started as a worker thread');
const port = parentPort;
const generator = createGenerator({ font: documentFonts(), plugins: documentPlugins });
// Loaded: the pool starts a chunk's time limit only now (loading pdfme takes a while, longer still under tsx).
port.postMessage({ ready: true } satisfies PoolReply);

// One chunk at a time per worker (the pool waits for the reply); a failure is posted back, never thrown. The chunk is
// rendered as one document and split per PDF (`generateEach`: the fonts subset and embedded once per chunk); when that
// fails, its PDFs are rendered one by one to name the item that fails.
async function renderChunk({ id, template, jobs }: PoolTask & { id: number }) {
  let pdfs: Uint8Array[] | undefined;
  try {
    pdfs = await generator.generateEach(template, jobs);
  } catch {
    pdfs = [];
    for (const [item, job] of jobs.entries()) {
      try {
        pdfs.push(await generator.generate({ template, ...job }));
      } catch (error) {
        port.postMessage({ id, item, error: error instanceof Error ? error.message : String(error) } satisfies PoolReply);
        return;
      }
    }
  }
  const buffers = [...new Set(pdfs.map((pdf) => pdf.buffer as ArrayBuffer))];
  port.postMessage({ id, pdfs } satisfies PoolReply, buffers);
}

port.on('message', (task: PoolTask & { id: number }) => void renderChunk(task));
