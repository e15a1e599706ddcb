import { loggableError } from '../../lib/errors.js';
import { defineModule } from '../../lib/module.js';
import routes from './reports.routes.js';
import { createReportsService, type ReportsService } from './reports.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    reports: ReportsService;
  }
}

/**
 * Report templates by name (issue 11, decisions 8 and 15), set up after the documents module: installs the
 * shipped templates once (and upgrades a stored one nobody edited when the shipped one changes), gives the document service its template source (every render uses the stored
 * template) and the report/* calls.
 */
export default defineModule({
  name: 'reports',
  needs: ['documents'],
  async setup(app, { services }) {
    const documents = services.documents;
    const service = createReportsService(app.db, documents);
    app.services.reports = service;
    const upgraded = await service.install();
    if (upgraded.length) app.log.info({ templates: upgraded }, 'shipped report templates upgraded');
    documents.setTemplateSource({ current: (name) => service.current(name) });
    // Edited templates render in a worker (issue 22 item 4): when one is stored, the worker loads pdfme now, not at the first PDF.
    if (await service.anyEdited())
      documents.warm().catch((err: unknown) => app.log.warn({ err: loggableError(err) }, 'gerador de documentos: worker não iniciou'));
  },
  routes,
});
