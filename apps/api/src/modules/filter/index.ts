import { defineModule } from '../../lib/module.js';
import { filterExportJob } from './filter.job.js';
import { createFilterRepository } from './filter.repository.js';
import routes from './filter.routes.js';
import { createFilterService, type FilterService } from './filter.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    filter: FilterService;
  }
}

const repo = createFilterRepository();

/**
 * The member filter (/filter, issue 29 item 1; spec README decision 12; docs/FILTER.md): the criteria catalogue of the
 * domain compiled to parameterised SQL (filter.compiler.ts), the count and a page, the exports (XLSX/CSV; a job above
 * 5,000 rows) and the saved filters per user with their shares. Marketing uses `app.services.filter.membersMatching`.
 */
export default defineModule({
  name: 'filter',
  needs: ['jobs'],
  setup(app, { services }) {
    app.services.filter = createFilterService({ db: app.db, repo, jobs: services.jobs });
  },
  jobs: (app) => [filterExportJob(app, repo)],
  routes,
});
