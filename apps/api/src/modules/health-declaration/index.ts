import { defineModule } from '../../lib/module.js';
import { createHealthDeclarationRepository } from './health-declaration.repository.js';
import { healthEmailJob, healthExportJob } from './health-declaration.job.js';
import routes from './health-declaration.routes.js';
import { createHealthDeclarationService, type HealthDeclarationService } from './health-declaration.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    healthDeclaration: HealthDeclarationService;
  }
}

/**
 * The health declaration (issue 14 item 6; spec 1 §7): `GET user/decsaude/{cstId}/{period}` (PDF from the
 * `declaracao-saude` template: the holder's plan 21/22 active in the period and the dependents enrolled in it) and
 * `GET user/emailsaude/{cstId}/{fecID}` (the same PDF through the outbox).
 */
export default defineModule({
  name: 'healthDeclaration',
  needs: ['documents'],
  setup(app, { services }) {
    app.services.healthDeclaration = createHealthDeclarationService({
      db: app.db,
      repo: createHealthDeclarationRepository(),
      config: app.config,
      documents: services.documents,
    });
  },
  routes,
  // The menu's jobs of plans 21 and 22 (issue 30 item 1): the declaration by e-mail to each holder once, and the export.
  jobs: (app) => {
    const repo = createHealthDeclarationRepository();
    return [healthEmailJob(app, repo), healthExportJob(repo)];
  },
});
