import { defineModule } from '../../lib/module.js';
import { celularEmailJob } from './celular-email.job.js';
import routes from './mobile-calls.routes.js';
import { createMobileCallsService, type MobileCallsService } from './mobile-calls.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    mobileCalls: MobileCallsService;
  }
}

/**
 * The mobile-phone statement (issue 14 item 5; spec 1 §2, §7 `GET celular/{cstId}/{ano}/{mes}`): the call records of
 * table mobile_calls (migration 0030), imported per month, read per holder and month with the months available.
 */
export default defineModule({
  name: 'mobileCalls',
  needs: ['documents'],
  setup(app) {
    app.services.mobileCalls = createMobileCallsService(app.db);
  },
  routes,
  // "Extrato detalhado de celular por e-mail" (issue 30 item 1): the month's calls to each holder, once.
  jobs: (app) => [celularEmailJob(app)],
});
