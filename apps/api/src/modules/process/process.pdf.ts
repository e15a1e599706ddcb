import fs from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@pdfme/pdf-lib';
import { FONTS_DIR } from '../documents/documents.renderer.js';

/** A4 portrait in points: at the viewer's 100 % (fit to the pane's width) the page fits the pane. */
export const TEXT_PDF_PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const TITLE_SIZE = 15;
const BODY_SIZE = 10.5;
const LEADING = 14;

let fontBytes: Uint8Array | undefined;

/** Breaks a paragraph into lines that fit `width` at this font and size (a word longer than a line stands alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A PDF of plain text on A4 pages: the demo processes' and documents' PDFs, made without the app (the seed runs
 * before it). The text is set in DejaVu Sans (the documents' font, Latin ranges), embedded in the file, so every
 * Portuguese letter and sign (ç, ã, é, —, “ ”) renders in any viewer; a standard-14 font (Helvetica) is not embedded
 * and has WinAnsi gaps (issue 22 item 19). Lines are wrapped by the font's widths; long texts continue on new pages.
 */
export async function textPdf(title: string, paragraphs: readonly string[]): Promise<Buffer> {
  fontBytes ??= new Uint8Array(fs.readFileSync(path.join(FONTS_DIR, 'DejaVuSans-Latin.ttf')));
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  doc.setTitle(title);
  doc.setProducer('assoc');
  doc.setCreator('assoc');
  const font = await doc.embedFont(fontBytes, { subset: true, customName: 'DejaVuSans' });
  const width = TEXT_PDF_PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([TEXT_PDF_PAGE.width, TEXT_PDF_PAGE.height]);
  let y = TEXT_PDF_PAGE.height - MARGIN - TITLE_SIZE;
  const color = rgb(0.13, 0.15, 0.16);
  for (const line of wrap(title, font, TITLE_SIZE, width)) {
    page.drawText(line, { x: MARGIN, y, size: TITLE_SIZE, font, color });
    y -= TITLE_SIZE + 5;
  }
  y -= 14;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, font, BODY_SIZE, width)) {
      if (y < MARGIN) {
        page = doc.addPage([TEXT_PDF_PAGE.width, TEXT_PDF_PAGE.height]);
        y = TEXT_PDF_PAGE.height - MARGIN - BODY_SIZE;
      }
      page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font, color });
      y -= LEADING;
    }
    y -= LEADING;
  }
  return Buffer.from(await doc.save());
}
