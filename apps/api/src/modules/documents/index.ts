import fs from 'node:fs';
import path from 'node:path';
import { defineModule } from '../../lib/module.js';
import type { RenderContext } from './document.types.js';
import { documentDefinitions } from './definitions/index.js';
import { createDocumentRenderer } from './documents.renderer.js';
import { createDocumentEmail, createDocumentEmailMany, type DocumentEmailMany, type DocumentEmailTo } from './documents.email.js';
import { createDocumentService, type DocumentService } from './documents.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    documents: DocumentService & { emailTo: DocumentEmailTo; emailMany: DocumentEmailMany };
  }
}

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The logo as a data URL (read once); an unreadable or unsupported file is logged and left out. */
export function readLogo(file: string | undefined, warn: (message: string) => void): string | undefined {
  if (!file) return undefined;
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type) {
    warn(`ASSOCIATION_LOGO_FILE: only PNG or JPEG (${file})`);
    return undefined;
  }
  try {
    return `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
  } catch (error) {
    warn(`ASSOCIATION_LOGO_FILE: cannot read ${file}: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * The document service (issue 11, decision 8): every printed document of the product rendered by pdfme from its
 * definition (data schema, shipped template, inputs) and, when the reports module has one, the staff-edited template.
 */
export default defineModule({
  name: 'documents',
  needs: ['files', 'mail'],
  setup(app, { services }) {
    const { ASSOCIATION_NAME: name, ASSOCIATION_SHORT_NAME: shortName, ASSOCIATION_LOGO_FILE: logoFile } = app.config;
    const logo = readLogo(logoFile, (message) => app.log.warn(message));
    const context = (): RenderContext => ({ association: { name, shortName, ...(logo ? { logo } : {}) }, now: new Date() });
    const limits = { timeoutMs: app.config.DOCUMENTS_RENDER_TIMEOUT_MS, memoryMb: app.config.DOCUMENTS_RENDER_MEMORY_MB };
    const renderer = createDocumentRenderer({ context, workers: app.config.DOCUMENTS_WORKERS, limits });
    app.addHook('onClose', () => renderer.close());
    const service = createDocumentService({ definitions: documentDefinitions, renderer });
    const emailTo = createDocumentEmail({
      db: app.db,
      render: (report, data) => service.render(report, data),
      files: services.files,
      enqueue: services.mail.enqueue,
      associationName: app.config.ASSOCIATION_NAME,
    });
    const emailMany = createDocumentEmailMany({
      db: app.db,
      files: services.files,
      enqueueMany: services.mail.enqueueMany,
      associationName: app.config.ASSOCIATION_NAME,
    });
    app.services.documents = Object.assign(service, { emailTo, emailMany });
  },
});
