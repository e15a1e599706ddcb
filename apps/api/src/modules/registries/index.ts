import { defineModule } from '../../lib/module.js';
import { createRegistriesService, type RegistriesService } from './registries.catalogue.js';
import routes from './registries.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    registries: RegistriesService;
  }
}

/** Registries (Cadastros, spec 3 §7): every registry's service built once, and their calls. */
export default defineModule({
  name: 'registries',
  needs: [],
  setup(app) {
    app.services.registries = createRegistriesService(app.db);
  },
  routes,
});
