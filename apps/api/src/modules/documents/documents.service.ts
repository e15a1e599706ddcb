import type { Template } from '@pdfme/common';
import { documentMessages } from '@assoc/domain';
import { notFound } from '../../lib/errors.js';
import type { DocumentDefinition, TemplateSource } from './document.types.js';
import type { DocumentRenderer } from './documents.renderer.js';

/** The document service other modules use (`app.services.documents`). */
export interface DocumentService {
  /** Every shipped document, in list order. */
  readonly definitions: readonly DocumentDefinition[];
  /** The document of a report name; 404 'Relatório não encontrado' when none. */
  definition(name: string): DocumentDefinition;
  /** The PDF of a document from its data: the stored template when the template source has one, else the shipped default. 400 naming the field for bad data. */
  render(name: string, data: unknown): Promise<Uint8Array>;
  /** One PDF per data item of a document (a batch, e.g. the monthly statements), the template read once; 400 naming the item and field. */
  renderMany(name: string, dataList: readonly unknown[]): Promise<Uint8Array[]>;
  /** The PDF of a document with a given template (the designer's preview), or its shipped default. */
  renderWith(definition: DocumentDefinition, data: unknown, template?: Template): Promise<Uint8Array>;
  /** Called once by the reports module, which stores the edited templates. */
  setTemplateSource(source: TemplateSource): void;
}

export function createDocumentService({
  definitions,
  renderer,
}: {
  definitions: readonly DocumentDefinition[];
  renderer: DocumentRenderer;
}): DocumentService {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  let source: TemplateSource | null = null;
  const definition = (name: string) => {
    const found = byName.get(name);
    if (!found) throw notFound(documentMessages.notFound);
    return found;
  };
  return {
    definitions,
    definition,
    async render(name, data) {
      const def = definition(name);
      const stored = source ? await source.current(name) : null;
      return renderer.render(def, data, stored ?? undefined);
    },
    async renderMany(name, dataList) {
      const def = definition(name);
      const stored = source ? await source.current(name) : null;
      return renderer.renderMany(def, dataList, stored ?? undefined);
    },
    renderWith: (def, data, template) => renderer.render(def, data, template),
    setTemplateSource(next) {
      source = next;
    },
  };
}
