import { describe, expect, it } from 'vitest';
import { pdfText } from '../documents/pdf-text.testing.js';
import { textPdf } from './process.pdf.js';

describe('textPdf', () => {
  it('writes a PDF that pdf.js reads back, with Portuguese accents and wrapped lines', async () => {
    const long = 'Intimação da parte ré para contestar no prazo legal, sob pena de revelia (art. 344 do CPC). '.repeat(4);
    const pdf = textPdf('Autos do processo 0058967-77.2016.8.19.0000', [long, 'Sentença: julgo procedente o pedido.']);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pdfText(pdf);
    expect(page).toContain('Autos do processo 0058967-77.2016.8.19.0000');
    expect(page).toContain('Intimação da parte ré');
    expect(page).toContain('Sentença: julgo procedente o pedido.');
  });
});
