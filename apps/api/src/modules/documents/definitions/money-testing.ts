import type { DocumentDefinition, RenderContext } from '../document.types.js';
import { createDocumentRenderer } from '../documents.renderer.js';
import { pdfText } from '../pdf-text.testing.js';

/**
 * Test-only helpers of the money documents' tests: render a definition's sample through the document
 * service's renderer (shipped fonts and plugins) and read the PDF's text back page by page.
 */
export const testContext: RenderContext = {
  association: { name: 'Associação dos Magistrados do Estado', shortName: 'AME' },
  now: new Date('2026-03-15T15:00:00Z'),
};

const renderer = createDocumentRenderer({ context: () => testContext });

export function renderSample<D extends DocumentDefinition>(definition: D, data: unknown = definition.sample()): Promise<Uint8Array> {
  return renderer.render(definition, data);
}

export const pdfPages = pdfText;
