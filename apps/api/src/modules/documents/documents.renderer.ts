import fs from 'node:fs';
import path from 'node:path';
import { barcodes, ellipse, image, line, multiVariableText, rectangle, svg, table, text } from '@pdfme/schemas';
import type { Font, Plugins, Template } from '@pdfme/common';
import { PDFDocument } from '@pdfme/pdf-lib';
import type { z } from 'zod';
import { firstIssuePerPath, reportMessages } from '@assoc/domain';
import { repoRoot } from '../../config.js';
import { badRequest, unprocessable } from '../../lib/errors.js';
import type { DocumentDefinition, RenderContext } from './document.types.js';
import { createGenerator } from './documents.generator.js';
import { RenderFailure, createRenderPool, poolSize, type RenderLimits, type RenderPool } from './documents.pool.js';

/** The fonts every document uses (Portuguese-complete, shipped in the repository: rendering never needs the network). */
export const FONTS_DIR = path.join(repoRoot, 'apps/api/assets/fonts');
export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';

let fonts: Font | undefined;
/**
 * DejaVu Sans (the fallback) and DejaVu Sans Bold, cut to the Latin ranges (assets/fonts/README.md: the full fonts made each
 * PDF five times slower), read once per process; each PDF embeds the glyphs it uses.
 */
export function documentFonts(): Font {
  fonts ??= {
    [FONT_REGULAR]: { data: new Uint8Array(fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Latin.ttf'))), fallback: true },
    [FONT_BOLD]: { data: new Uint8Array(fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Bold-Latin.ttf'))) },
  };
  return fonts;
}

/** The pdfme schema plugins a template may use (built once). */
export const documentPlugins: Plugins = { text, multiVariableText, table, image, svg, line, rectangle, ellipse, ...barcodes };

/** The zod refusal as one pt-BR message naming the field: 'titular.cpf: CPF Inválido' (each field's first issue). */
export function dataRefusal(error: z.ZodError): string {
  return firstIssuePerPath(error.issues)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export interface DocumentRenderer {
  /**
   * Validates `data` with the definition's schema (400 naming the field), fills the template and answers the PDF. Without
   * `template`, the definition's shipped default, in-process; with one (an edited template), in a worker under the render
   * limits: past them, or when the generator fails, 422 naming the template.
   */
  render<S extends z.ZodType>(definition: DocumentDefinition<S>, data: unknown, template?: Template): Promise<Uint8Array>;
  /**
   * One PDF per data item, in order (a batch: the monthly statements). Every item is validated before any is rendered
   * (400 naming the item and the field: '3: titular.cpf: CPF Inválido'). An edited template always renders in the workers.
   */
  renderMany<S extends z.ZodType>(definition: DocumentDefinition<S>, dataList: readonly unknown[], template?: Template): Promise<Uint8Array[]>;
  /**
   * ONE PDF of every data item, one after the other (a printer file: the statements of every holder), with its page
   * count. Rendered in parts over the worker pool (several items per PDF, so the fonts are embedded once per part) and
   * joined in order. `now` is the emission instant every item prints and the file's dates (a fixed one: the same data
   * gives the same pages and text).
   */
  renderBook<S extends z.ZodType>(
    definition: DocumentDefinition<S>,
    dataList: readonly unknown[],
    options?: { now?: Date; template?: Template },
  ): Promise<{ pdf: Uint8Array; pages: number }>;
  /** Starts a worker ahead of the first edited template's render (at start-up, when one is stored); settles once it is loaded. */
  warm(): Promise<void>;
  /** Ends the render pool's workers (the app's onClose). */
  close(): Promise<void>;
}

/** A batch of at least this many PDFs of a shipped template goes to the worker pool; smaller ones and single renders stay in-process (latency). */
export const POOL_MIN_BATCH = 8;

/** Items per part of a book (`renderBook`): one PDF each, the fonts embedded once per part. */
export const BOOK_PART = 100;
const BOOK_PART_MIN = 8;

/** The PDFs joined in order into one, its dates fixed to `now` (no instant of the join in the file). */
export async function joinPdfs(pdfs: readonly Uint8Array[], meta: { title: string; now: Date }): Promise<{ pdf: Uint8Array; pages: number }> {
  const book = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of pdfs) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const page of await book.copyPages(part, part.getPageIndices())) book.addPage(page);
  }
  book.setTitle(meta.title);
  book.setCreationDate(meta.now);
  book.setModificationDate(meta.now);
  book.setProducer('pdfme (https://pdfme.com/)');
  // Without object streams: pdf-lib deflates them in JavaScript, two thirds of a join's time (issue 30: the printer
  // file); the file is a fifth larger.
  return { pdf: await book.save({ useObjectStreams: false }), pages: book.getPageCount() };
}

/** The 422 of a pooled render that failed or passed a limit, naming the template (its description and report name). */
function renderRefusal(definition: DocumentDefinition, error: unknown, limits: RenderLimits): unknown {
  if (!(error instanceof RenderFailure)) return error;
  const detail =
    error.kind === 'time'
      ? reportMessages.renderTimeLimit(limits.timeoutMs / 1000)
      : error.kind === 'memory'
        ? reportMessages.renderMemoryLimit(limits.memoryMb)
        : error.detail.replace(/^\[@pdfme\/\w+\]\s*/, '').slice(0, 300);
  return unprocessable(reportMessages.renderFailed(definition.description, definition.name, detail));
}

/**
 * The one PDF renderer (issue 11): pdfme's layout and plugins with the shipped fonts, through the document generator
 * (documents.generator.ts), which keeps the parsed fonts, text shaping and table layout between renders.
 * `context()` gives the association's name, logo and the emission instant of each render. A worker-thread pool
 * (documents.pool.ts; `workers` is config `DOCUMENTS_WORKERS`, capped by the cores) renders batches of `POOL_MIN_BATCH`
 * or more and every render of an edited template, under `limits` (issue 22 item 4: a template staff can edit must never
 * hold the event loop or the process's memory); with `workers` 0 the pool has one worker, for edited templates only.
 * Validated and filled here, the template sent once per chunk, the PDFs transferred back.
 */
export function createDocumentRenderer({
  context,
  workers = 0,
  limits = { timeoutMs: 10_000, memoryMb: 256 },
}: {
  context: () => RenderContext;
  workers?: number;
  limits?: RenderLimits;
}): DocumentRenderer {
  const generator = createGenerator({ font: documentFonts(), plugins: documentPlugins });
  const size = poolSize(workers);
  let pool: RenderPool | undefined;
  /** The inputs and options of one PDF (on the main thread: the data is validated and the context read here). */
  const job = <S extends z.ZodType>(definition: DocumentDefinition<S>, data: z.output<S>, now?: Date) => {
    const ctx = now ? { ...context(), now } : context();
    return {
      inputs: definition.inputs(data, ctx),
      options: { title: definition.description, author: ctx.association.name, creationDate: ctx.now },
    };
  };
  const workerPool = () => (pool ??= createRenderPool(Math.max(1, size), limits));
  const inWorkers = async <S extends z.ZodType>(definition: DocumentDefinition<S>, template: Template, list: z.output<S>[]) => {
    try {
      return await workerPool().generate({ template, jobs: list.map((data) => job(definition, data)) });
    } catch (error) {
      throw renderRefusal(definition, error, limits);
    }
  };
  const validated = <S extends z.ZodType>(definition: DocumentDefinition<S>, data: unknown, prefix = '') => {
    const parsed = definition.data.safeParse(data);
    if (!parsed.success) throw badRequest(`${prefix}${dataRefusal(parsed.error)}`);
    return parsed.data;
  };
  return {
    async render(definition, data, template) {
      const valid = validated(definition, data);
      if (template) return (await inWorkers(definition, template, [valid]))[0]!;
      return generator.generate({ template: definition.template, ...job(definition, valid) });
    },
    async renderMany(definition, dataList, template) {
      const valid = dataList.map((data, index) => validated(definition, data, `${index + 1}: `));
      if (template || (size > 0 && valid.length >= POOL_MIN_BATCH)) return inWorkers(definition, template ?? definition.template, valid);
      // One document split per PDF (the fonts subset and embedded once for the batch).
      return generator.generateEach(
        definition.template,
        valid.map((data) => job(definition, data)),
      );
    },
    async renderBook(definition, dataList, options = {}) {
      const valid = dataList.map((data, index) => validated(definition, data, `${index + 1}: `));
      if (valid.length === 0) throw badRequest(reportMessages.emptyBook);
      const now = options.now ?? context().now;
      const template = options.template ?? definition.template;
      // A small book renders in-process as one part (a worker's start costs more); a larger one in parts of at most
      // BOOK_PART items over the pool (at least BOOK_PART_MIN, fewer than BOOK_PART when that keeps every worker busy).
      const pooled = Boolean(options.template) || (size > 0 && valid.length >= POOL_MIN_BATCH * 4);
      const per = pooled ? Math.max(BOOK_PART_MIN, Math.min(BOOK_PART, Math.ceil(valid.length / Math.max(1, size * 4)))) : valid.length;
      const parts: { inputs: Record<string, string>[]; options: Record<string, unknown> }[] = [];
      for (let i = 0; i < valid.length; i += per) {
        const items = valid.slice(i, i + per).map((data) => job(definition, data, now));
        parts.push({ inputs: items.flatMap((item) => item.inputs), options: { ...items[0]!.options, modificationDate: now } });
      }
      let pdfs: Uint8Array[];
      if (pooled) {
        try {
          pdfs = await workerPool().generate({ template, jobs: parts });
        } catch (error) {
          throw renderRefusal(definition, error, limits);
        }
      } else {
        pdfs = [];
        for (const part of parts) pdfs.push(await generator.generate({ template, ...part }));
      }
      return joinPdfs(pdfs, { title: definition.description, now });
    },
    warm: () => workerPool().warm(),
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.close();
    },
  };
}
