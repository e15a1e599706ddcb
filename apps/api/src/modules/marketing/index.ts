import { defineModule } from '../../lib/module.js';
import { campaignJob } from './marketing.job.js';
import { createMarketingRepository } from './marketing.repository.js';
import routes from './marketing.routes.js';
import { createMarketingService, type MarketingService } from './marketing.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    marketing: MarketingService;
  }
}

/**
 * Marketing (/marketing, issue 29 item 2; spec README decision 13; docs/MARKETING.md): campaigns over a saved filter
 * (`app.services.filter`), through the outbox (`enqueueMessages`), sent once per member by the job `marketing-enviar`.
 */
export default defineModule({
  name: 'marketing',
  needs: ['filter', 'jobs', 'mail'],
  setup(app, { services }) {
    app.services.marketing = createMarketingService({
      db: app.db,
      repo: createMarketingRepository(),
      filter: services.filter,
      jobs: services.jobs,
      config: app.config,
    });
  },
  jobs: (app) => [campaignJob(app)],
  routes,
});
