import { defineModule } from '../../lib/module.js';
import { createAccountSecurityRepository } from './account-security.repository.js';
import { createAccountSecurityService, type AccountSecurityService } from './account-security.service.js';
import routes from './account-security.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    accountSecurity: AccountSecurityService;
  }
}

/**
 * Segurança (issue 28 item 4): every signed-in user's own sessions (list, end one, end the others) and one-time
 * recovery codes. A module of its own, not Ferramentas: tools' calls are staff-only (v2menuusuario/v2access) while
 * these serve portal members too; the sign-in's side (a recovery code in place of the access code) is in auth.
 */
export default defineModule({
  name: 'accountSecurity',
  needs: ['auth'],
  setup(app) {
    app.services.accountSecurity = createAccountSecurityService({
      db: app.db,
      repo: createAccountSecurityRepository(),
      config: app.config,
      closeSockets: (sessionIds) => sessionIds.forEach((sessionId) => app.events.endSessions({ sessionId })),
    });
  },
  routes,
});
