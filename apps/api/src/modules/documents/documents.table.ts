import { MM_TO_PT_RATIO, getFallbackFontName, isBlankPdf, pt2mm, type BasePdf, type Font, type Plugin, type Schema } from '@pdfme/common';
import type { PDFFont, PDFPage } from '@pdfme/pdf-lib';
import { createTableBodySplitRange, getTableBodyRange } from '@pdfme/schemas/tables';
import type * as fontkit from 'fontkit';

/**
 * The pdfme table drawn fast (issue 11: the statement, ≥ 100 PDFs/s). pdfme 6.1's table plugin lays a table out twice per
 * render (once for the page breaks, once to draw it) and draws each cell through four pdf-lib line calls, a rectangle
 * and a text call, each building dozens of operator objects; that is four fifths of a statement's render time. This
 * module computes the same layout once, with pdfme's own rules (column widths from `headWidthPercentages`, pdfme's word
 * wrapping, cell padding and borders, alternate row colours, the head repeated on each page, a row never split), keeps
 * the wrapped lines of repeated texts, and writes the cells' drawing operators as text straight into the page's content
 * stream (same shapes, colours, fonts and positions; the text is encoded by pdf-lib's font, so the PDF embeds the same
 * font subset). A table this module does not support (a column without a width, a setting it does not know) is drawn
 * by pdfme's own table plugin, unchanged.
 */

type BoxDimension = { top: number; right: number; bottom: number; left: number };
type Align = 'left' | 'center' | 'right';
type VAlign = 'top' | 'middle' | 'bottom';

interface CellStyle {
  fontName: string;
  alignment: Align;
  verticalAlignment: VAlign;
  fontSize: number;
  lineHeight: number;
  characterSpacing: number;
  backgroundColor: string | undefined;
  textColor: string;
  lineColor: string;
  lineWidth: BoxDimension;
  cellPadding: BoxDimension;
}

interface TableRow {
  cells: { lines: string[]; style: CellStyle; raw: string }[];
  height: number;
}

interface TableModel {
  widths: number[];
  head: TableRow[];
  body: TableRow[];
}

interface TableSchema extends Schema {
  head: string[];
  headWidthPercentages: number[];
  showHead?: boolean;
  repeatHead?: boolean;
  __isSplit?: boolean;
  tableStyles: { borderColor?: string; borderWidth?: number };
  headStyles: Record<string, unknown>;
  bodyStyles: Record<string, unknown> & { alternateBackgroundColor?: string; backgroundColor?: string };
  columnStyles: { alignment?: Record<string, Align> };
}

export interface TableFonts {
  /** The shared fontkit font of a font name (the fallback font for an unknown name). */
  kit(name: string | undefined): fontkit.FontkitFont;
  font: Font;
}

const SPLIT_CACHE_LIMIT = 50_000;
const splitCache = new Map<string, string[]>();
let wordSegmenter: Intl.Segmenter | undefined;

/** pdfme's `widthOfTextAtSize` (pt). */
function widthOf(text: string, kit: fontkit.FontkitFont, fontSize: number, characterSpacing: number): number {
  const { glyphs } = kit.layout(text);
  const scale = 1000 / kit.unitsPerEm;
  let width = 0;
  for (const glyph of glyphs) width += glyph.advanceWidth * scale;
  return width * (fontSize / 1000) + (text.length - 1) * characterSpacing;
}

/** pdfme's `getSplittedLinesBySegmenter` (Latin text: pdfme's Japanese line rules are not applied). */
function splitLine(line: string, kit: fontkit.FontkitFont, fontSize: number, characterSpacing: number, boxWidthInPt: number): string[] {
  if (line.trim() === '') return [''];
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const lines: string[] = [];
  let counter = 0;
  let size = 0;
  for (const { segment } of wordSegmenter.segment(line.trimEnd())) {
    const width = widthOf(segment, kit, fontSize, characterSpacing);
    if (size + width <= boxWidthInPt) {
      if (lines[counter]) {
        lines[counter] += segment;
        size += width + characterSpacing;
      } else {
        lines[counter] = segment;
        size = width + characterSpacing;
      }
    } else if (segment.trim() === '') {
      lines[++counter] = '';
      size = 0;
    } else if (width <= boxWidthInPt) {
      lines[++counter] = segment;
      size = width + characterSpacing;
    } else {
      for (const char of segment) {
        const charWidth = widthOf(char, kit, fontSize, characterSpacing);
        if (size + charWidth <= boxWidthInPt) {
          if (lines[counter]) {
            lines[counter] += char;
            size += charWidth + characterSpacing;
          } else {
            lines[counter] = char;
            size = charWidth + characterSpacing;
          }
        } else {
          lines[++counter] = char;
          size = charWidth + characterSpacing;
        }
      }
    }
  }
  return lines.map((l, i) => (i === lines.length - 1 ? `${l.trimEnd()}\n` : l.trimEnd()));
}

/** pdfme's `splitTextToSize`, remembered per font, size and width. */
export function splitText(
  value: string,
  fontName: string,
  kit: fontkit.FontkitFont,
  fontSize: number,
  characterSpacing: number,
  boxWidthInPt: number,
) {
  const key = `${fontName}\0${fontSize}\0${characterSpacing}\0${boxWidthInPt}\0${value}`;
  let lines = splitCache.get(key);
  if (!lines) {
    lines = value.split(/\r\n|\r|\n|\f|\v/g).flatMap((line) => splitLine(line, kit, fontSize, characterSpacing, boxWidthInPt));
    if (splitCache.size >= SPLIT_CACHE_LIMIT) splitCache.clear();
    splitCache.set(key, lines);
  }
  return lines;
}

const box = (value: unknown): BoxDimension => {
  const v = value as Partial<BoxDimension> | undefined;
  return { top: v?.top ?? 0, right: v?.right ?? 0, bottom: v?.bottom ?? 0, left: v?.left ?? 0 };
};

/** pdfme's `mapCellStyle` over its defaults. */
function sectionStyle(styles: Record<string, unknown>, fallbackFontName: string): CellStyle {
  const defaults: CellStyle = {
    fontName: fallbackFontName,
    backgroundColor: '',
    textColor: '#000000',
    lineHeight: 1,
    characterSpacing: 0,
    alignment: 'left',
    verticalAlignment: 'middle',
    fontSize: 10,
    cellPadding: box({ top: 5, right: 5, bottom: 5, left: 5 }),
    lineColor: '#000000',
    lineWidth: box(undefined),
  };
  const mapped: Partial<Record<keyof CellStyle, unknown>> = {
    fontName: styles.fontName,
    alignment: styles.alignment,
    verticalAlignment: styles.verticalAlignment,
    fontSize: styles.fontSize,
    lineHeight: styles.lineHeight,
    characterSpacing: styles.characterSpacing,
    backgroundColor: styles.backgroundColor,
    textColor: styles.fontColor,
    lineColor: styles.borderColor,
    lineWidth: styles.borderWidth === undefined ? undefined : box(styles.borderWidth),
    cellPadding: styles.padding === undefined ? undefined : box(styles.padding),
  };
  for (const [key, value] of Object.entries(mapped)) if (value !== undefined) (defaults as unknown as Record<string, unknown>)[key] = value;
  return defaults;
}

const KNOWN_KEYS = new Set([
  'name',
  'type',
  'content',
  'position',
  'width',
  'height',
  'rotate',
  'opacity',
  'readOnly',
  'required',
  'showHead',
  'repeatHead',
  'head',
  'headWidthPercentages',
  'tableStyles',
  'headStyles',
  'bodyStyles',
  'columnStyles',
  '__splitRange',
  '__isSplit',
  '__bodyRange',
]);

/** Whether this module draws the table exactly as pdfme would (else pdfme's plugin does). */
export function supportsTable(schema: Schema, basePdf: BasePdf): schema is TableSchema {
  const s = schema as Partial<TableSchema>;
  if (!isBlankPdf(basePdf) || (s.rotate ?? 0) !== 0 || (s.opacity !== undefined && s.opacity !== 1)) return false;
  if (!Array.isArray(s.head) || !Array.isArray(s.headWidthPercentages) || !s.headStyles || !s.bodyStyles || !s.tableStyles) return false;
  if (s.head.length === 0 || s.headWidthPercentages.length < s.head.length || s.headWidthPercentages.some((p) => !(p > 0))) return false;
  return Object.keys(schema).every((key) => KNOWN_KEYS.has(key));
}

function parseBody(value: unknown): string[][] {
  const body: unknown = typeof value === 'string' ? JSON.parse(value || '[]') : (value ?? []);
  return Array.isArray(body) ? body.map((row) => (Array.isArray(row) ? row.map((cell) => String(cell)) : [])) : [];
}

const bodyRangeOf = (schema: Schema) => getTableBodyRange(schema);

/** pdfme's `createSingleTable` for a table whose columns all have a width. */
function layoutTable(schema: TableSchema, body: string[][], fonts: TableFonts, bodyStart: number): TableModel {
  const fallback = getFallbackFontName(fonts.font);
  const columns = schema.head.length;
  const widths = Array.from({ length: columns }, (_, i) => schema.width * (schema.headWidthPercentages[i]! / 100));
  const alignments = schema.columnStyles?.alignment ?? {};
  let background = schema.bodyStyles.backgroundColor;
  let alternate = schema.bodyStyles.alternateBackgroundColor;
  if (bodyStart % 2 === 1) [background, alternate] = [alternate, background];
  const headStyle = sectionStyle(schema.headStyles, fallback);
  const bodyStyle = sectionStyle({ ...schema.bodyStyles, backgroundColor: background }, fallback);
  const evenStyle = { ...bodyStyle, backgroundColor: alternate };
  const withColumn = (style: CellStyle, column: number): CellStyle => {
    const alignment = alignments[String(column)];
    return alignment ? { ...style, alignment } : style;
  };
  const row = (raw: string[], section: CellStyle): TableRow => {
    let height = 0;
    const cells = widths.map((width, column) => {
      const style = withColumn(section, column);
      const text = raw[column] ?? '';
      const { lineWidth: border, cellPadding: padding } = style;
      const contentWidth = Math.max(0, width - border.left - padding.left - border.right - padding.right);
      const lines = splitText(text, style.fontName, fonts.kit(style.fontName), style.fontSize, style.characterSpacing, mm2pt(contentWidth));
      const cellHeight = lines.length * (pt2mm(style.fontSize) * style.lineHeight) + border.top + border.bottom + padding.top + padding.bottom;
      if (cellHeight > height) height = cellHeight;
      return { lines, style, raw: text };
    });
    return { cells, height };
  };
  const showHead = schema.showHead === false ? false : !schema.__isSplit || schema.repeatHead === true;
  return {
    widths,
    head: showHead ? [row(schema.head, headStyle)] : [],
    body: body.map((cells, index) => row(cells, index % 2 === 0 ? evenStyle : bodyStyle)),
  };
}

const SAFETY_MARGIN = 0.5;

/** pdfme's `getDynamicLayoutForTable` (the row heights that place the page breaks), from this module's layout. */
export function tableDynamicLayout(value: string, schema: TableSchema, basePdf: BasePdf, fonts: TableFonts) {
  const range = bodyRangeOf(schema);
  const rows = parseBody(value);
  const table = layoutTable(schema, range?.start === 0 || !range ? rows : rows.slice(range.start, range.end), fonts, range?.start ?? 0);
  const headHeight = table.head.reduce((sum, row) => sum + row.height, 0);
  const baseHeights = table.head.length ? [...table.head, ...table.body].map((row) => row.height) : [0, ...table.body.map((row) => row.height)];
  let heights = baseHeights;
  if (schema.repeatHead && isBlankPdf(basePdf) && headHeight > 0) {
    const [paddingTop, , paddingBottom] = basePdf.padding;
    const pageContentHeight = basePdf.height - paddingTop - paddingBottom;
    const pageStartY = (index: number) => index * pageContentHeight + paddingTop;
    const initialPage = Math.max(0, Math.floor((schema.position.y - paddingTop) / pageContentHeight));
    const headRows = table.head.length;
    let page = initialPage;
    let y = schema.position.y;
    let rowsOnPage = 0;
    heights = [];
    for (let i = 0; i < baseHeights.length; i++) {
      const isBodyRow = i >= headRows;
      const rowHeight = baseHeights[i]!;
      for (;;) {
        const start = pageStartY(page);
        const remaining = start + pageContentHeight - y;
        const total = rowHeight + (isBodyRow && rowsOnPage === 0 && page > initialPage ? headHeight : 0);
        if (total > remaining - SAFETY_MARGIN) {
          if (rowsOnPage === 0 && Math.abs(y - start) < SAFETY_MARGIN) {
            heights.push(total);
            y += total;
            rowsOnPage++;
            break;
          }
          page++;
          y = pageStartY(page);
          rowsOnPage = 0;
          continue;
        }
        heights.push(total);
        y += total;
        rowsOnPage++;
        if (y >= start + pageContentHeight - SAFETY_MARGIN) {
          page++;
          y = pageStartY(page);
          rowsOnPage = 0;
        }
        break;
      }
    }
  }
  return {
    heights,
    avoidFirstUnitOnly: true,
    patchSplitSchema: ({ start, end, isSplit }: { start: number; end: number; isSplit: boolean }) => ({
      __splitRange: createTableBodySplitRange(start === 0 ? 0 : start - 1, end - 1),
      __isSplit: isSplit,
    }),
  };
}

// ---- drawing: PDF content stream operators as text ----

/** pdfme's mm → pt. */
const mm2pt = (mm: number) => mm * MM_TO_PT_RATIO;

/** A number as a PDF operand: to the thousandth of a point (never in exponent notation). */
const n = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
};

const colours = new Map<string, string>();
/** '#rrggbb' → the PDF colour operands; undefined for no colour (pdfme draws nothing then). */
function rgb(hex: string | undefined): string | undefined {
  if (!hex) return undefined;
  let operands = colours.get(hex);
  if (!operands) {
    const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(hex);
    if (!m) throw new Error(`Invalid hex color value ${hex}`);
    operands = `${n(parseInt(m[1]!, 16) / 255)} ${n(parseInt(m[2]!, 16) / 255)} ${n(parseInt(m[3]!, 16) / 255)}`;
    colours.set(hex, operands);
  }
  return operands;
}

/** Operators given as text, pushed into pdf-lib's content stream of the page (so they keep their place among pdf-lib's). */
class RawOperators {
  private readonly bytes: Uint8Array;
  constructor(private readonly text: string) {
    this.bytes = Buffer.from(text, 'latin1');
  }
  toString() {
    return this.text;
  }
  sizeInBytes() {
    return this.bytes.length;
  }
  copyBytesInto(buffer: Uint8Array, offset: number) {
    buffer.set(this.bytes, offset);
    return this.bytes.length;
  }
  clone() {
    return this;
  }
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, string>>();
/** The page's resource name of a font (one per page and font; pdf-lib adds one per text drawn). */
function fontKey(page: PDFPage, font: PDFFont): string {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref).toString();
    keys.set(font, key);
  }
  return key;
}

/** pdfme's `heightOfFontAtSize` (pt). */
function fontHeight(kit: fontkit.FontkitFont, fontSize: number) {
  const scale = 1000 / kit.unitsPerEm;
  let height = (kit.ascent || kit.bbox.maxY) * scale - (kit.descent || kit.bbox.minY) * scale;
  height -= Math.abs(kit.descent * scale) || 0;
  return (height / 1000) * fontSize;
}

interface DrawArg {
  page: PDFPage;
  schema: Schema;
  value: string;
  embed: (fontName: string) => Promise<PDFFont>;
  fonts: TableFonts;
}

/** Draws the table as pdfme's plugin does: per cell its background, its four borders and its text; then the table's border. */
export async function drawTable({ page, schema: given, value, embed, fonts }: DrawArg) {
  const schema = given as TableSchema;
  const range = bodyRangeOf(schema);
  const rows = parseBody(value);
  const table = layoutTable(schema, range ? rows.slice(range.start, range.end) : rows, fonts, range?.start ?? 0);
  const pageHeight = page.getHeight();
  // Backgrounds are filled rectangles; borders are pdfme's lines: a stroke along the middle of the border's box, as
  // thick as the box (viewers draw a stroke at least one pixel wide, so thin borders stay visible on screen).
  const fills = new Map<string, string[]>();
  const strokes = new Map<string, string[]>();
  const fill = (color: string | undefined, x: number, yTop: number, w: number, h: number) => {
    const operands = rgb(color);
    if (!operands || w === 0 || h === 0) return;
    let list = fills.get(operands);
    if (!list) fills.set(operands, (list = []));
    list.push(`${n(mm2pt(x))} ${n(pageHeight - mm2pt(yTop) - mm2pt(h))} ${n(mm2pt(w))} ${n(mm2pt(h))} re`);
  };
  const line = (color: string | undefined, x: number, yTop: number, w: number, h: number) => {
    const operands = rgb(color);
    if (!operands || w === 0 || h === 0) return;
    let list = strokes.get(operands);
    if (!list) strokes.set(operands, (list = []));
    const px = mm2pt(x);
    const py = pageHeight - mm2pt(yTop) - mm2pt(h) / 2;
    list.push(`${n(mm2pt(h))} w ${n(px)} ${n(py)} m ${n(px + mm2pt(w))} ${n(py)} l S`);
  };
  const out: string[] = [];
  const flushFills = () => {
    for (const [operands, rects] of fills) out.push(`q ${operands} rg`, ...rects, 'f Q');
    for (const [operands, lines] of strokes) out.push(`q ${operands} RG`, ...lines, 'Q');
    fills.clear();
    strokes.clear();
  };
  const texts: string[] = [];
  let y = schema.position.y;
  for (const row of [...table.head, ...table.body]) {
    let x = schema.position.x;
    for (let c = 0; c < table.widths.length; c++) {
      const width = table.widths[c]!;
      const cell = row.cells[c]!;
      const { style } = cell;
      const h = row.height;
      const border = style.lineWidth;
      fill(style.backgroundColor, x, y, width, h);
      line(style.lineColor, x, y, width, border.top);
      line(style.lineColor, x + width - border.right, y, border.right, h);
      line(style.lineColor, x, y + h - border.bottom, width, border.bottom);
      line(style.lineColor, x, y, border.left, h);
      if (cell.raw) {
        const pad = style.cellPadding;
        const cx = x + border.left + pad.left;
        const cy = y + border.top + pad.top;
        const cw = Math.max(0, width - border.left - pad.left - border.right - pad.right);
        const ch = Math.max(0, h - border.top - pad.top - border.bottom - pad.bottom);
        texts.push(await textOperators(page, embed, fonts, style, cell.lines, cx, cy, cw, ch));
      }
      x += width;
    }
    y += row.height;
  }
  // pdfme draws each cell's background and borders, then its text; the texts never overlap another cell's rectangles,
  // so all the rectangles then all the texts give the same page.
  flushFills();
  out.push(...texts);
  const tableLineWidth = schema.tableStyles.borderWidth ?? 0;
  const tableColor = rgb(schema.tableStyles.borderColor);
  if (tableLineWidth && tableColor) {
    const bw = mm2pt(tableLineWidth);
    const heightMm = y - schema.position.y;
    const px = mm2pt(schema.position.x) + bw / 2;
    const py = pageHeight - mm2pt(schema.position.y) - mm2pt(heightMm) + bw / 2;
    out.push(`q ${tableColor} RG ${n(bw)} w ${n(px)} ${n(py)} ${n(mm2pt(schema.width) - bw)} ${n(mm2pt(heightMm) - bw)} re S Q`);
  }
  const stream = (page as unknown as { getContentStream(): { push(...operators: unknown[]): void } }).getContentStream();
  stream.push(new RawOperators(out.join('\n')));
}

/** pdfme's text render of one cell's lines (no rotation, no decoration): the same baseline, alignment and spacing. */
async function textOperators(
  page: PDFPage,
  embed: (fontName: string) => Promise<PDFFont>,
  fonts: TableFonts,
  style: CellStyle,
  lines: string[],
  xMm: number,
  yMm: number,
  wMm: number,
  hMm: number,
): Promise<string> {
  const kit = fonts.kit(style.fontName);
  const pdfFont = await embed(style.fontName);
  const key = fontKey(page, pdfFont);
  const { fontSize, lineHeight, characterSpacing, alignment, verticalAlignment } = style;
  const pageHeight = page.getHeight();
  const contentWidth = mm2pt(wMm);
  const contentHeight = mm2pt(hMm);
  const contentX = mm2pt(xMm);
  const contentY = pageHeight - mm2pt(yMm) - contentHeight;
  const firstLine = fontHeight(kit, fontSize);
  const descent = (kit.descent / kit.unitsPerEm) * fontSize;
  const half = lineHeight === 0 ? 0 : ((lineHeight - 1) * fontSize) / 2;
  let yOffset = 0;
  if (verticalAlignment === 'top') yOffset = firstLine + half;
  else {
    const others = lineHeight * fontSize * (lines.length - 1);
    if (verticalAlignment === 'bottom') yOffset = contentHeight - others + descent - half;
    else yOffset = (contentHeight - others - firstLine + descent) / 2 + firstLine;
  }
  const color = rgb(style.textColor) ?? '0 0 0';
  const out: string[] = [];
  lines.forEach((line, index) => {
    const text = line.replace('\n', '');
    if (text === '') return;
    const textWidth = alignment === 'left' ? 0 : widthOf(text, kit, fontSize, characterSpacing);
    let x = contentX;
    if (alignment === 'center') x += (contentWidth - textWidth) / 2;
    else if (alignment === 'right') x += contentWidth - textWidth;
    const y = contentY + contentHeight - yOffset - lineHeight * fontSize * index;
    out.push(
      `${n(characterSpacing)} Tc q BT ${color} rg ${key} ${n(fontSize)} Tf ${n(lineHeight * fontSize)} TL 1 0 0 1 ${n(x)} ${n(y)} Tm ${pdfFont.encodeText(text).toString()} Tj T* ET Q`,
    );
  });
  return out.join('\n');
}

/** The table plugin with this module's layout and drawing where it applies, pdfme's otherwise. */
export function fastTablePdf(original: NonNullable<Plugin['pdf']>, fonts: TableFonts): NonNullable<Plugin['pdf']> {
  return async (arg) => {
    const { schema, basePdf, page, _cache } = arg;
    if (!supportsTable(schema, basePdf)) return original(arg);
    const cache = _cache.get('text-pdf-font-cache') as Record<string, Promise<PDFFont>> | undefined;
    const embed = (name: string) => cache?.[name] ?? Promise.reject(new Error(`[@pdfme/schemas] Font "${name}" is not found.`));
    await drawTable({ page, schema, value: typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value ?? '[]'), embed, fonts });
  };
}
