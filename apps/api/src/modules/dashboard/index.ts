import { defineModule } from '../../lib/module.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';
import { createWeatherClient } from './dashboard.weather.js';
import routes from './dashboard.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    dashboard: DashboardService;
  }
}

/** Dashboard panels (spec 3 §2.2): today's birthdays and the weather at the user's CEP. */
export default defineModule({
  name: 'dashboard',
  needs: [],
  setup(app) {
    app.services.dashboard = createDashboardService({
      db: app.db,
      repo: createDashboardRepository(),
      weather: createWeatherClient({ cepUrl: app.config.CEP_URL, geocodeUrl: app.config.GEOCODE_URL, weatherUrl: app.config.WEATHER_URL }),
      timeoutMs: app.config.WEATHER_TIMEOUT_MS,
      cacheMinutes: app.config.WEATHER_CACHE_MINUTES,
      log: app.log,
    });
  },
  routes,
});
