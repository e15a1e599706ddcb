import { defineModule } from '../../lib/module.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';
import { createWeatherClient } from './dashboard.weather.js';
import { CARD_INVALIDATIONS, createDashboardCards, type DashboardCards } from './dashboard.cards.js';
import { isJobFinished, JOB_STATUS, type DashboardCardKey } from '@assoc/domain';
import routes from './dashboard.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    dashboard: DashboardService;
    dashboardCards: DashboardCards;
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
    const cards = createDashboardCards({ db: app.db });
    app.services.dashboardCards = cards;
    // The change feeds: a finished closing, return import or remittance, a process change, a CCH or refund status change.
    const unsubscribe = app.events.subscribe((event) => {
      if (event.name === 'jobprogress') {
        const job = event.payload as { jobName: string; jobStatus: number };
        const command = job.jobName.split('^')[0]!;
        if (isJobFinished(job.jobStatus) && job.jobStatus === JOB_STATUS.done && CARD_INVALIDATIONS[command])
          cards.invalidate(CARD_INVALIDATIONS[command]);
      } else if (event.name === 'processo') cards.invalidate(['processos']);
      else if (event.name === 'painel') cards.invalidate((event.payload as { cards: DashboardCardKey[] }).cards);
    });
    app.addHook('onClose', async () => unsubscribe());
  },
  routes,
});
