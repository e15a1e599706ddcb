import { defineModule } from '../../lib/module.js';
import routes from './reports.routes.js';
import { createReportsService, type ReportsDocuments, type ReportsService } from './reports.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    reports: ReportsService;
  }
}

/**
 * Report templates by name (issue 11, decisions 8 and 15): installs the shipped templates once, gives the
 * document service its template source (every render uses the stored template) and the report/* calls.
 */
export default defineModule({
  name: 'reports',
  async setup(app) {
    const documents = (app.services as { documents?: ReportsDocuments }).documents;
    const service = createReportsService(app.db, documents);
    app.services.reports = service;
    if (!documents) return;
    await service.install();
    documents.setTemplateSource({ current: (name) => service.current(name) });
  },
  routes,
});
