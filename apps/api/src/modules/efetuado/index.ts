import { defineModule } from '../../lib/module.js';
import { efetuadoJobs } from './efetuado.jobs.js';
import { createEfetuadoReports, type EfetuadoReports } from './efetuado.reports.js';
import { createEfetuadoRepository, type EfetuadoRepository } from './efetuado.repository.js';
import routes from './efetuado.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    efetuado: { repo: EfetuadoRepository; reports: EfetuadoReports };
  }
}

/**
 * Efetuado (statements made; issue 24 item 4, spec 2 §2.7 item 5): reports of what the closings wrote, run as jobs
 * started by the screen's buttons (`GET jobs/send`), and the screen's pickers (closed periods, services).
 * docs/EFETUADO.md says what each report lists.
 */
export default defineModule({
  name: 'efetuado',
  needs: ['documents'],
  setup(app, { services }) {
    const repo = createEfetuadoRepository();
    const documents = services.documents;
    app.services.efetuado = { repo, reports: createEfetuadoReports({ repo, render: (report, data) => documents.render(report, data) }) };
  },
  jobs: (app) => efetuadoJobs(() => app.services.efetuado.reports),
  routes,
});
