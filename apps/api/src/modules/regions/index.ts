import { defineModule } from '../../lib/module.js';
import routes from './regions.routes.js';
import { createRegionsService, type RegionsService } from './regions.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    regions: RegionsService;
  }
}

/** Regions (/regioes): the registry of regions with their cities, and the UF/city options. */
export default defineModule({
  name: 'regions',
  needs: [],
  setup(app) {
    app.services.regions = createRegionsService(app.db);
  },
  routes,
});
