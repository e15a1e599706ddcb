import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from '../../config.js';
import { markdownToPdfContent, type Content } from './tutorial.markdown.js';

/** The user guide kept in the repository (decision 18). */
export const TUTORIAL_SOURCE = path.join(repoRoot, 'docs/user-guide/tutorial.md');

type Style = Record<string, unknown>;
interface TDocumentDefinitions {
  info: Record<string, string>;
  pageSize: string;
  pageMargins: [number, number, number, number];
  header: (page: number) => Content | Style;
  footer: (page: number, pages: number) => Content | Style;
  content: Content[];
  defaultStyle: Style;
  styles: Record<string, Style>;
}
/** The part of pdfmake 0.3's Node API used here (its @types would bring the DOM library into the server's types). */
interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
const pdfMake = require('pdfmake') as PdfMakeServer;

// pdfmake 0.3 on Node reads fonts from files: its bundled Roboto, and nothing else (no URLs, no other paths).
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'build/fonts/Roboto');
pdfMake.setFonts({
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
});
pdfMake.setUrlAccessPolicy(() => false);
pdfMake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));

let cached: { mtimeMs: number; pdf: Buffer } | undefined;

/** Renders docs/user-guide/tutorial.md to PDF; the result is kept until the Markdown file changes. */
export async function renderTutorial(associationName: string): Promise<Buffer> {
  const { mtimeMs } = await fs.stat(TUTORIAL_SOURCE);
  if (cached?.mtimeMs === mtimeMs) return cached.pdf;
  const markdown = await fs.readFile(TUTORIAL_SOURCE, 'utf8');
  const doc: TDocumentDefinitions = {
    info: { title: 'Tutorial do Processo Digital', author: associationName, subject: 'Guia do usuário' },
    pageSize: 'A4',
    pageMargins: [40, 56, 40, 56],
    header: (page: number) => (page > 1 ? { text: `${associationName} · Guia do usuário`, style: 'running', margin: [40, 24, 40, 0] } : ''),
    footer: (page: number, pages: number) => ({ text: `${page} / ${pages}`, alignment: 'right', style: 'running', margin: [40, 16, 40, 0] }),
    content: markdownToPdfContent(markdown),
    defaultStyle: { font: 'Roboto', fontSize: 10.5, lineHeight: 1.25, color: '#212529' },
    styles: {
      h1: { fontSize: 20, bold: true, color: '#364fc7', margin: [0, 0, 0, 12] },
      h2: { fontSize: 14, bold: true, color: '#364fc7', margin: [0, 14, 0, 6] },
      h3: { fontSize: 11.5, bold: true, margin: [0, 10, 0, 4] },
      paragraph: { margin: [0, 0, 0, 8] },
      list: { margin: [8, 0, 0, 8] },
      note: { italics: true, color: '#495057', fillColor: '#f1f3f5', margin: [0, 2, 0, 10] },
      running: { fontSize: 8, color: '#868e96' },
    },
  };
  const pdf = await pdfMake.createPdf(doc).getBuffer();
  cached = { mtimeMs, pdf };
  return pdf;
}
