import { defineModule } from '../../lib/module.js';
import peopleIndexPlugin from './people-index.plugin.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService, type SearchService } from './search.service.js';
import routes from './search.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    search: SearchService;
  }
}

/**
 * The member search (top bar) and the view history. With `features.searchIndex` the in-process people
 * index (`app.peopleIndex`, loaded once the app is ready) answers the search; without it, SQL does.
 */
export default defineModule({
  name: 'search',
  needs: [],
  async setup(app, { features }) {
    if (features.searchIndex) await app.register(peopleIndexPlugin);
    else app.decorate('peopleIndex', null);
    app.services.search = createSearchService({ db: app.db, repo: createSearchRepository(), feed: app.peopleIndex ?? undefined });
  },
  routes,
});
