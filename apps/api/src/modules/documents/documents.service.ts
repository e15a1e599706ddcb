import type { Template } from '@pdfme/common';
import { documentMessages, reportMessages } from '@assoc/domain';
import { notFound, unprocessable } from '../../lib/errors.js';
import type { DocumentDefinition, TemplateSource } from './document.types.js';
import type { DocumentRenderer } from './documents.renderer.js';
import { templateProblem } from './documents.template-check.js';

/** The document service other modules use (`app.services.documents`). */
export interface DocumentService {
  /** Every shipped document, in list order. */
  readonly definitions: readonly DocumentDefinition[];
  /** The document of a report name; 404 'Relatório não encontrado' when none. */
  definition(name: string): DocumentDefinition;
  /**
   * The PDF of a document from its data: the stored template when the template source has one (an edited template,
   * rendered in a worker under the render limits), else the shipped default. 400 naming the field for bad data; 422
   * naming the template when the stored one is past the template bounds, fails, or passes a render limit.
   */
  render(name: string, data: unknown): Promise<Uint8Array>;
  /** One PDF per data item of a document (a batch, e.g. the monthly statements), the template read once; 400 naming the item and field. */
  renderMany(name: string, dataList: readonly unknown[]): Promise<Uint8Array[]>;
  /** ONE PDF of every data item in order (a printer file), with its page count; `now`: the emission instant printed. */
  renderBook(name: string, dataList: readonly unknown[], options?: { now?: Date }): Promise<{ pdf: Uint8Array; pages: number }>;
  /** The PDF of a document with a given template (the designer's preview), or its shipped default. */
  renderWith(definition: DocumentDefinition, data: unknown, template?: Template): Promise<Uint8Array>;
  /** Called once by the reports module, which stores the edited templates. */
  setTemplateSource(source: TemplateSource): void;
  /** Starts a render worker ahead of the first edited template's render (the reports module, when one is stored). */
  warm(): Promise<void>;
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
  /**
   * The stored template of a document, checked again before rendering (issue 22 item 4: one saved before the bounds, or
   * written to the database by other means, must not reach the generator); undefined: the shipped default.
   */
  const storedTemplate = async (def: DocumentDefinition) => {
    const stored = source ? await source.current(def.name) : null;
    if (!stored) return undefined;
    const problem = templateProblem(stored);
    if (problem) throw unprocessable(reportMessages.renderFailed(def.description, def.name, problem));
    return stored;
  };
  return {
    definitions,
    definition,
    async render(name, data) {
      const def = definition(name);
      return renderer.render(def, data, await storedTemplate(def));
    },
    async renderMany(name, dataList) {
      const def = definition(name);
      return renderer.renderMany(def, dataList, await storedTemplate(def));
    },
    async renderBook(name, dataList, options = {}) {
      const def = definition(name);
      const template = await storedTemplate(def);
      return renderer.renderBook(def, dataList, { ...options, ...(template ? { template } : {}) });
    },
    renderWith: (def, data, template) => renderer.render(def, data, template),
    setTemplateSource(next) {
      source = next;
    },
    warm: () => renderer.warm(),
  };
}
