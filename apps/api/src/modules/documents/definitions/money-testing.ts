import fs from 'node:fs';
import { generate } from '@pdfme/generator';
import { image, line, rectangle, svg, table, text } from '@pdfme/schemas';
import type { DocumentDefinition, RenderContext } from '../document.types.js';
import { FONT, FONT_BOLD } from './money-layout.js';

/**
 * Test-only helpers of the money documents' tests: render a definition's sample with pdfme and the shipped
 * DejaVu fonts, and read the PDF's text back with pdfjs-dist (page by page).
 */
const fontDir = new URL('../../../../assets/fonts/', import.meta.url);
const fontFile = (file: string) => {
  const shipped = new URL(file, fontDir);
  return fs.readFileSync(fs.existsSync(shipped) ? shipped : new URL(`../../../../../../node_modules/dejavu-fonts-ttf/ttf/${file}`, import.meta.url));
};
const font = {
  [FONT]: { data: fontFile('DejaVuSans.ttf'), fallback: true },
  [FONT_BOLD]: { data: fontFile('DejaVuSans-Bold.ttf') },
};

export const testContext: RenderContext = {
  association: { name: 'Associação dos Magistrados do Estado', shortName: 'AME' },
  now: new Date('2026-03-15T15:00:00Z'),
};

export async function renderSample<D extends DocumentDefinition>(definition: D, data: unknown = definition.sample()): Promise<Uint8Array> {
  const parsed = definition.data.parse(data);
  const inputs = definition.inputs(parsed, testContext);
  return generate({ template: definition.template, inputs, plugins: { text, table, line, rectangle, image, svg }, options: { font } });
}

// pdfjs-dist 6 expects Promise.withResolvers (Node 22+); Node 20 lacks it.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const promise = new Promise((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

/** The text of each page ('|'-free: items joined by a space, runs of spaces collapsed). */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await task.destroy();
  return pages;
}
