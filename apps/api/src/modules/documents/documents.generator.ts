import zlib from 'node:zlib';
import * as pdfLib from '@pdfme/pdf-lib';
import { Cache, CustomFontSubsetEmbedder, PDFContentStream, PDFDocument, PDFFont, typedArrayFor, type PDFPage } from '@pdfme/pdf-lib';
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

  async function generate({ template: given, inputs, options = {} }: GenerateArgs): Promise<Uint8Array> {
    const renderOptions = { ...options, font };
    const basePdf = given.basePdf;
    const now = new Date();
    // The fixed texts with placeholders are filled here, never by pdfme's expression evaluator (documents.placeholders.ts).
    const fixed = fixedWithBraces(given);
    if (!isBlankPdf(basePdf) || !fallbackKit || shared.size < Object.keys(font).length) {
      const baked = inputs.map((input) => bakePlaceholders(given, input, fixed, now));
      return pdfmeGenerate({ template: baked[0]?.template ?? given, inputs: baked.map((b) => b.input), plugins, options: renderOptions });
    }
    if (inputs.length === 0) throw new Error('[@pdfme/generator] inputs should not be empty, pass at least an empty object in the array');
    const template = cloneDeep(given);
    validateRequiredFields(template, inputs);
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
    for (const input of inputs) {
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
    setMetadata(pdfDoc, options);
    compressNatively(pdfDoc);
    return pdfDoc.save();
  }

  return { generate };
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
