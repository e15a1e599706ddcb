import { defineModule } from '../../lib/module.js';
import { createAccessAdminRepository } from './access-admin.repository.js';
import { createAccessAdminService, type AccessAdminService } from './access-admin.service.js';
import routes from './access-admin.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    accessAdmin: AccessAdminService;
  }
}

/** Avançado → Acessos (decision 2): permission profiles and users, for superadmins. */
export default defineModule({
  name: 'accessAdmin',
  needs: [],
  setup(app) {
    app.services.accessAdmin = createAccessAdminService(app.db, createAccessAdminRepository());
  },
  routes,
});
