import { defineModule } from '../../lib/module.js';
import { createCepClient } from './cep.client.js';
import { createCepRepository } from './cep.repository.js';
import { createCepService, type CepService } from './cep.service.js';
import routes from './cep.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    cep: CepService;
  }
}

/** CEP lookups (decision 11): the service other modules use to fill an address, and GET cep/{cep}. */
export default defineModule({
  name: 'cep',
  needs: [],
  setup(app) {
    app.services.cep = createCepService({
      db: app.db,
      repo: createCepRepository(),
      client: createCepClient(app.config.CEP_URL),
      timeoutMs: app.config.CEP_TIMEOUT_MS,
      log: app.log,
    });
  },
  routes,
});
