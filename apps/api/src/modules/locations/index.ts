import { defineModule } from '../../lib/module.js';
import { createLocationsService, type LocationsService } from './locations.service.js';
import routes from './locations.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    locations: LocationsService;
  }
}

/** Location administration (/localizacao): circunscrição → comarca → fórum → local, and the coordinator choices. */
export default defineModule({
  name: 'locations',
  needs: [],
  setup(app) {
    app.services.locations = createLocationsService(app.db);
  },
  routes,
});
