import { defineModule } from '../../lib/module.js';
import { createGeoClient, defaultGeocodeInterval } from './geo.client.js';
import { createGeoRepository } from './geo.repository.js';
import { createGeoService, type GeoService } from './geo.service.js';
import routes from './geo.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    geo: GeoService;
  }
}

/** Coordinates of an address for the 'Mapa' dialog (decision 11), and the tile server it draws with. */
export default defineModule({
  name: 'geo',
  needs: [],
  setup(app) {
    const c = app.config;
    app.services.geo = createGeoService({
      db: app.db,
      repo: createGeoRepository(),
      client: createGeoClient({
        url: c.MAP_GEOCODE_URL,
        userAgent: c.MAP_GEOCODE_USER_AGENT ?? `assoc-backoffice/1.0 (${c.PUBLIC_URL})`,
        minIntervalMs: c.MAP_GEOCODE_MIN_INTERVAL_MS ?? defaultGeocodeInterval(c.MAP_GEOCODE_URL),
      }),
      timeoutMs: c.MAP_GEOCODE_TIMEOUT_MS,
      log: app.log,
    });
  },
  routes,
});
