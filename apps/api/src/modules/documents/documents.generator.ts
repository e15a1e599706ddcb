import zlib from 'node:zlib';
import * as pdfLib from '@pdfme/pdf-lib';
import {
  Cache,
  CustomFontSubsetEmbedder,
  PDFContentStream,
  PDFDocument,
  PDFFont,
  PDFName,
  PDFRawStream,
  typedArrayFor,
  type PDFPage,
} from '@pdfme/pdf-lib';
import {
  applyInternalLinkAnnotations,
  cloneDeep,
  getFallbackFontName,
  getDynamicTemplate,
  isBlankPdf,
  mm2pt,
  registerInternalLinkAnchor,
  resetInternalLinkAnnotations,
  type Font,
  type GeneratorOptions,
  type Plugin,
  type Plugins,
  type Schema,
  type Template,
} from '@pdfme/common';
import { generate as pdfmeGenerate } from '@pdfme/generator';
import { getDynamicLayoutForSchema, isDynamicLayoutSchema } from '@pdfme/schemas/dynamicLayout';
import * as fontkit from 'fontkit';
import { bakePlaceholders, fillPlaceholders, fixedWithBraces, placeholderVariables } from './documents.placeholders.js';
import { fastTablePdf, supportsTable, tableDynamicLayout, type TableFonts } from './documents.table.js';

/** The layouts of a font kept between renders (per font; cleared when full). */
const LAYOUT_CACHE_LIMIT = 20_000;

/** pdfme's per-render cache keys (6.1.x): the fontkit font of a name, and the document's embedded fonts. */
const fontkitKey = (name: string) => `getFontKitFont-${name}`;
const PDF_FONT_CACHE_KEY = 'text-pdf-font-cache';

type Render = NonNullable<Plugin['pdf']>;
type RenderCache = Map<string | number, unknown>;

export interface GenerateArgs {
  template: Template;
  inputs: Record<string, string>[];
  options?: Omit<GeneratorOptions, 'font'>;
}

/**
 * The PDF generator of the document service: pdfme's `generate` (same plugins, same dynamic layout: tables that break
 * across pages with repeated headers, what lies below moved down), with what pdfme redoes on every call done once per
 * process instead (issue 11, the statement batch: ≥ 100 PDFs/s):
 * - each font is parsed once by fontkit and shared by the layout, the text measuring (pdfme keeps its width cache per
 *   fontkit font, so it now lasts between renders) and the PDF embedding (a subset per PDF, as before);
 * - the shaping of a text (fontkit `layout`, the costliest call of a render) is remembered per font;
 * - the plugin of each schema type is looked up once.
 * The template itself is never cached: every render uses the template it is given (a staff edit shows in the next PDF).
 * A template on a PDF base page (not a blank page) goes to pdfme's `generate`, its fixed texts' placeholders filled first.
 * Placeholders are filled by documents.placeholders.ts, never by pdfme's expression evaluator (issue 22 item 4).
 */
export function createGenerator({ font, plugins }: { font: Font; plugins: Plugins }) {
  const shared = new Map<string, { kit: fontkit.FontkitFont; data: Uint8Array }>();
  for (const [name, value] of Object.entries(font)) {
    if (typeof value.data === 'string') continue;
    const data = value.data instanceof Uint8Array ? value.data : new Uint8Array(value.data);
    shared.set(name, { kit: shareable(fontkit.create(Buffer.from(data))), data });
  }
  const fallbackKit = shared.get(getFallbackFontName(font))?.kit;
  const tableFonts: TableFonts = { font, kit: (name) => (name ? shared.get(name)?.kit : undefined) ?? fallbackKit! };
  const renders = new Map<string, Render>();
  for (const plugin of Object.values(plugins)) {
    const type = (plugin.propPanel.defaultSchema as Schema | undefined)?.type;
    if (type && plugin.pdf && !renders.has(type)) renders.set(type, type === 'table' ? fastTablePdf(plugin.pdf, tableFonts) : plugin.pdf);
  }
  /** pdfme's dynamic layout, with this module's table layout where it draws the table. */
  const getDynamicHeights: typeof getDynamicLayoutForSchema = (value, args) =>
    args.schema.type === 'table' && supportsTable(args.schema, args.basePdf)
      ? Promise.resolve(tableDynamicLayout(value, args.schema, args.basePdf, tableFonts))
      : getDynamicLayoutForSchema(value, args);

  /** A new render cache holding the shared fontkit fonts, and the document's fonts embedded from them on first use. */
  function renderCache(pdfDoc: PDFDocument): RenderCache {
    const cache: RenderCache = new Map();
    const pdfFonts: Record<string, Promise<PDFFont>> = {};
    for (const [name, { kit, data }] of shared) {
      cache.set(fontkitKey(name), kit);
      let embedded: Promise<PDFFont> | undefined;
      Object.defineProperty(pdfFonts, name, {
        enumerable: true,
        get: () => (embedded ??= Promise.resolve(embedFont(pdfDoc, kit, data))),
      });
    }
    cache.set(PDF_FONT_CACHE_KEY, pdfFonts);
    return cache;
  }

  /**
   * Renders each job's inputs (one page set per input, in order) into ONE new document on a blank base page, and answers
   * it with each job's page range; null for a template pdfme must render itself (a PDF base page: `generate` handles it).
   */
  async function compose(given: Template, jobs: readonly Omit<GenerateArgs, 'template'>[], renderOptions: GeneratorOptions) {
    const basePdf = given.basePdf;
    if (!isBlankPdf(basePdf) || !fallbackKit || shared.size < Object.keys(font).length) return null;
    const all = jobs.flatMap((job) => job.inputs);
    if (all.length === 0) throw new Error('[@pdfme/generator] inputs should not be empty, pass at least an empty object in the array');
    const now = new Date();
    // The fixed texts with placeholders are filled here, never by pdfme's expression evaluator (documents.placeholders.ts).
    const fixed = fixedWithBraces(given);
    const template = cloneDeep(given);
    for (const job of jobs) validateRequiredFields(template, job.inputs);
    const staticSchemas = basePdf.staticSchema ?? [];
    const dynamic = template.schemas.some((page) => page.some((schema) => isDynamicLayoutSchema(schema)));
    const pdfDoc = await PDFDocument.create();
    pdfDoc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    const context = pdfDoc.context;
    // The embedded fonts' streams: compressed by Node's zlib instead of pdf-lib's JavaScript deflate (same format).
    context.flateStream = (contents, dict = {}) => context.stream(zlib.deflateSync(typedArrayFor(contents)), { ...dict, Filter: 'FlateDecode' });
    const _cache = renderCache(pdfDoc);
    const width = mm2pt(basePdf.width);
    const height = mm2pt(basePdf.height);
    const ranges: [number, number][] = [];
    for (const job of jobs) {
      const first = pdfDoc.getPageCount();
      for (const input of job.inputs) {
        resetInternalLinkAnnotations(_cache);
        // The layout reads the fixed texts with placeholders as inputs filled here (pdfme would evaluate them).
        const layout = dynamic ? bakePlaceholders(template, input, fixed, now) : undefined;
        const filled = layout ? await getDynamicTemplate({ ...layout, options: renderOptions, _cache, getDynamicHeights }) : template;
        const { schemas } = filled;
        const names = [...new Set(schemas.flatMap((page) => page.map((schema) => schema.name)).filter(Boolean))];
        // What placeholders may name (the fixed texts by their content in the template as given, not as laid out).
        const named = fixed.size > 0 || staticSchemas.length > 0 ? placeholderVariables(template.schemas, input, now) : input;
        for (let j = 0; j < schemas.length; j += 1) {
          const page = pdfDoc.addPage([width, height]);
          const byName = new Map<string, Schema>();
          for (const schema of schemas[j]!) if (schema.name && !byName.has(schema.name)) byName.set(schema.name, schema);
          const variables = { ...named, totalPages: schemas.length, currentPage: j + 1 };
          // The blank page's static schemas (a header, a footer) on every page, under the page's own schemas, as pdfme draws them.
          for (const schema of staticSchemas) {
            const render = renders.get(schema.type);
            if (!render) continue;
            const value = schema.readOnly ? fillPlaceholders(schema.content || '', variables) : schema.content || '';
            registerAnchor(_cache, schema, page);
            await render({ value, schema, basePdf, pdfLib, pdfDoc, page, options: renderOptions, _cache });
          }
          for (const name of names) {
            const schema = byName.get(name);
            if (!schema) continue;
            const render = renders.get(schema.type);
            if (!render) throw new Error(`[@pdfme/generator] Plugin or renderer for type ${schema.type} not found.`);
            const value = schema.readOnly || fixed.has(name) ? fillPlaceholders(schema.content || '', variables) : input[name] || '';
            registerAnchor(_cache, schema, page);
            await render({ value, schema, basePdf, pdfLib, pdfDoc, page, options: renderOptions, _cache });
          }
        }
        applyInternalLinkAnnotations({ _cache, pdfDoc });
      }
      ranges.push([first, pdfDoc.getPageCount()]);
    }
    return { pdfDoc, ranges };
  }

  async function generate({ template: given, inputs, options = {} }: GenerateArgs): Promise<Uint8Array> {
    const renderOptions = { ...options, font };
    const composed = await compose(given, [{ inputs }], renderOptions);
    if (!composed) {
      const fixed = fixedWithBraces(given);
      const now = new Date();
      const baked = inputs.map((input) => bakePlaceholders(given, input, fixed, now));
      return pdfmeGenerate({ template: baked[0]?.template ?? given, inputs: baked.map((b) => b.input), plugins, options: renderOptions });
    }
    const { pdfDoc } = composed;
    setMetadata(pdfDoc, options);
    compressNatively(pdfDoc);
    return pdfDoc.save();
  }

  /**
   * One PDF per job, as `generate` gives each (the same pages, texts and metadata), rendered as ONE document and split:
   * the template is set up, and the fonts subset and embedded, once for all the jobs instead of once per PDF (issue 30
   * "Speed": the statement e-mail job). Each job's PDF holds only its own pages, with the fonts of the whole set (a
   * subset of the same fonts: a few more glyphs). A template pdfme renders itself, or a document with links between its
   * pages (a copied page would point into the whole set), is rendered per job instead.
   */
  async function generateEach(given: Template, jobs: readonly Omit<GenerateArgs, 'template'>[]): Promise<Uint8Array[]> {
    const each = async () => {
      const pdfs: Uint8Array[] = [];
      for (const job of jobs) pdfs.push(await generate({ template: given, ...job }));
      return pdfs;
    };
    if (jobs.length <= 1) return each();
    const composed = await compose(given, jobs, { ...jobs[0]!.options, font });
    if (!composed) return each();
    const { pdfDoc, ranges } = composed;
    if (pdfDoc.getPages().some((page) => (page.node.Annots()?.size() ?? 0) > 0)) return each();
    // Every content stream compressed once, and the fonts subset and embedded once, before the pages are copied.
    await pdfDoc.flush();
    encodeContents(pdfDoc);
    const pdfs: Uint8Array[] = [];
    for (const [k, [first, last]] of ranges.entries()) {
      const one = await PDFDocument.create();
      const indices = Array.from({ length: last - first }, (_, i) => first + i);
      for (const page of await one.copyPages(pdfDoc, indices)) one.addPage(page);
      setMetadata(one, jobs[k]!.options ?? {});
      // Without object streams: a one-statement file has a few dozen objects, and pdf-lib deflates object streams in
      // JavaScript (it took three quarters of the save).
      pdfs.push(await one.save({ useObjectStreams: false }));
    }
    return pdfs;
  }

  return { generate, generateEach };
}

export type DocumentGenerator = ReturnType<typeof createGenerator>;

/**
 * Makes a fontkit font fit for many documents: it remembers the glyph runs it shapes for the font's texts (read only by
 * pdf-lib and pdfme, never changed), and a glyph keeps the characters it stands for. fontkit keeps one glyph object per
 * glyph id, with the characters of its first use; a subset's encoding creates the glyphs a composite glyph is made of
 * ('u' in 'ú') without characters, and a later text with that glyph would then have none in the PDF's ToUnicode map (the
 * text could not be copied or searched). A font parsed per document, as pdfme does, never met a glyph twice.
 */
function shareable(kit: fontkit.FontkitFont): fontkit.FontkitFont {
  const getGlyph = kit.getGlyph.bind(kit);
  kit.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (codePoints.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = codePoints;
    return glyph;
  };
  const layout = kit.layout.bind(kit);
  const runs = new Map<string, fontkit.FontkitGlyphRun>();
  kit.layout = (text: string, ...rest: unknown[]) => {
    if (rest.some((arg) => arg !== undefined)) return layout(text, ...rest);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUT_CACHE_LIMIT) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return run;
  };
  return kit;
}

/** The pages' content streams compressed by Node's zlib when saved (pdf-lib's own deflate, in JavaScript, took a sixth of a render). */
function compressNatively(pdfDoc: PDFDocument) {
  for (const [, object] of pdfDoc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) {
      const stream = object as unknown as { contentsCache: unknown; getUnencodedContents(): Uint8Array };
      stream.contentsCache = Cache.populatedBy(() => zlib.deflateSync(stream.getUnencodedContents()));
    }
  }
}

/**
 * Every content stream of the document replaced by its bytes compressed by Node's zlib (a raw stream, FlateDecode): the
 * pages copied from it (`generateEach`) copy these bytes instead of re-encoding their operators each time.
 */
function encodeContents(pdfDoc: PDFDocument) {
  const context = pdfDoc.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) {
      const dict = object.dict.clone(context);
      dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
      context.assign(ref, PDFRawStream.of(dict, zlib.deflateSync(object.getUnencodedContents())));
    }
  }
}

/** What `pdfDoc.embedFont(data, { subset: true })` does, with the font already parsed. */
function embedFont(pdfDoc: PDFDocument, kit: fontkit.FontkitFont, data: Uint8Array): PDFFont {
  const Embedder = CustomFontSubsetEmbedder as unknown as new (font: unknown, data: Uint8Array) => CustomFontSubsetEmbedder;
  const pdfFont = PDFFont.of(pdfDoc.context.nextRef(), pdfDoc, new Embedder(kit, data));
  (pdfDoc as unknown as { fonts: PDFFont[] }).fonts.push(pdfFont);
  return pdfFont;
}

function validateRequiredFields(template: Template, inputs: Record<string, string>[]) {
  for (const page of template.schemas) {
    for (const schema of page) {
      if (schema.required && !schema.readOnly && !inputs.some((input) => input[schema.name])) {
        throw new Error(`[@pdfme/generator] input for '${schema.name}' is required to generate this PDF`);
      }
    }
  }
}

function registerAnchor(_cache: RenderCache, schema: Schema, page: PDFPage) {
  if (!schema.name) return;
  registerInternalLinkAnchor({
    _cache,
    name: schema.name,
    page,
    x: mm2pt(schema.position.x),
    y: page.getHeight() - mm2pt(schema.position.y),
  });
}

const TOOL_NAME = 'pdfme (https://pdfme.com/)';

/** pdfme's document metadata, with its defaults. */
function setMetadata(pdfDoc: PDFDocument, options: Omit<GeneratorOptions, 'font'>) {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const date = (value: unknown) => (value instanceof Date ? value : new Date());
  pdfDoc.setAuthor(text(options.author, TOOL_NAME));
  pdfDoc.setCreationDate(date(options.creationDate));
  pdfDoc.setCreator(text(options.creator, TOOL_NAME));
  pdfDoc.setKeywords(Array.isArray(options.keywords) ? (options.keywords as string[]) : []);
  pdfDoc.setLanguage(text(options.lang, 'en'));
  pdfDoc.setModificationDate(date(options.modificationDate));
  pdfDoc.setProducer(text(options.producer, TOOL_NAME));
  pdfDoc.setSubject(text(options.subject, ''));
  pdfDoc.setTitle(text(options.title, ''));
}
