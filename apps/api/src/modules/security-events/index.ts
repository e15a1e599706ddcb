import { defineModule } from '../../lib/module.js';
import { createSecurityEventsRepository } from './security-events.repository.js';
import { createSecurityEventsService, type SecurityEventsService } from './security-events.service.js';
import routes from './security-events.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    securityEvents: SecurityEventsService;
  }
}

/** The security events of the audit table (issue 8 §10), for Avançado → Eventos de segurança. */
export default defineModule({
  name: 'securityEvents',
  needs: [],
  setup(app) {
    app.services.securityEvents = createSecurityEventsService({ db: app.db, repo: createSecurityEventsRepository() });
  },
  routes,
});
