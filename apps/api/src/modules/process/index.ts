import { defineModule } from '../../lib/module.js';
import { createProcessRepository } from './process.repository.js';
import { createProcessService, PROCESS_API_SCOPE, type ProcessService } from './process.service.js';
import routes from './process.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    process: ProcessService;
  }
}

/**
 * Digital process (issue 15, /processo): folders, processes, movements, Portuguese full-text search with facets,
 * manual upload, the integrations' idempotent import authenticated by API key (scope 'processos', checked by the
 * auth guard through the verifier registered here), and the `processo` real-time message.
 */
export default defineModule({
  name: 'process',
  needs: ['files', 'auth'],
  setup(app, { services }) {
    const c = app.config;
    const service = createProcessService({
      db: app.db,
      repo: createProcessRepository(),
      files: services.files,
      events: app.events,
      importLimits: {
        maxTotalBytes: c.PROCESS_IMPORT_MAX_MB * 1024 * 1024,
        maxFiles: c.PROCESS_IMPORT_MAX_FILES,
        activePerKey: c.PROCESS_IMPORT_ACTIVE_PER_KEY,
        queuedPerKey: c.PROCESS_IMPORT_QUEUED_PER_KEY,
      },
    });
    app.services.process = service;
    app.apiKeyVerifiers.set(PROCESS_API_SCOPE, (key) => service.verifyApiKey(key));
  },
  routes,
});
