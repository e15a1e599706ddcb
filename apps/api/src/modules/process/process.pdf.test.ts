import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from '@pdfme/pdf-lib';
import { pdfText } from '../documents/pdf-text.testing.js';
import { TEXT_PDF_PAGE, textPdf } from './process.pdf.js';

describe('textPdf', () => {
  it('writes a PDF that pdf.js reads back, with Portuguese accents and wrapped lines', async () => {
    const long = 'Intimação da parte ré para contestar no prazo legal, sob pena de revelia (art. 344 do CPC). '.repeat(4);
    const pdf = await textPdf('Autos do processo 0058967-77.2016.8.19.0000', [long, 'Sentença: julgo procedente o pedido.']);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pdfText(pdf);
    expect(page).toContain('Autos do processo 0058967-77.2016.8.19.0000');
    expect(page).toContain('Intimação da parte ré');
    expect(page).toContain('Sentença: julgo procedente o pedido.');
  });

  it("embeds its font, so every glyph renders (— “ ” ç ã º: not a viewer's standard font with WinAnsi gaps), on A4 pages (issue 22 item 19)", async () => {
    const title = 'Autos digitais — Procedimento Comum Cível';
    const text = 'Certidão: “intimação” da 1ª Vara, nº 42 — ação de indenização; São João, Conceição, coração.';
    const pdf = await textPdf(title, [text]);
    const [page] = await pdfText(pdf);
    expect(page).toContain(title);
    expect(page).toContain(text);
    const doc = await PDFDocument.load(pdf);
    for (const p of doc.getPages()) expect(p.getSize()).toEqual(TEXT_PDF_PAGE);
    const dicts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFDict => object instanceof PDFDict);
    const fonts = dicts.filter((d) => d.get(PDFName.of('Type')) === PDFName.of('Font'));
    expect(fonts.map((f) => String(f.get(PDFName.of('BaseFont'))))).toContain('/DejaVuSans');
    // The font program is in the file (FontFile2: TrueType), and no standard-14 font is named.
    expect(dicts.some((d) => d.get(PDFName.of('FontFile2')) !== undefined)).toBe(true);
    expect(fonts.some((f) => /Helvetica|Times|Courier/.test(String(f.get(PDFName.of('BaseFont')))))).toBe(false);
    // Long texts continue on new pages instead of running off the first.
    const many = await textPdf(
      'Autos',
      Array.from({ length: 80 }, (_, i) => `Andamento ${i + 1}: juntada de petição.`),
    );
    expect((await PDFDocument.load(many)).getPageCount()).toBeGreaterThan(1);
  });
});
