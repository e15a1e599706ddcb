import { defineModule } from '../../lib/module.js';
import { createAgeBandsRepository } from './age-bands.repository.js';
import routes from './age-bands.routes.js';
import { createAgeBandsService, type AgeBandsService } from './age-bands.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    ageBands: AgeBandsService;
  }
}

/**
 * 'Mudança de faixa etária' (issue 30 item 1; the Atendimento menu's url link): who changes age range next month in an
 * svcMudaFaixa service, with the current and the new value; `GET mudancafaixa` (paged) and its Excel export.
 */
export default defineModule({
  name: 'ageBands',
  needs: [],
  setup(app) {
    app.services.ageBands = createAgeBandsService(app.db, createAgeBandsRepository());
  },
  routes,
});
