import { defineModule } from '../../lib/module.js';
import { createPasswordResetRepository } from './password-reset.repository.js';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service.js';
import routes from './password-reset.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    passwordReset: PasswordResetService;
  }
}

/** Password reset by e-mailed code (spec 3 §2.18, issue 8); its service also hands the first-start code. */
export default defineModule({
  name: 'passwordReset',
  needs: [],
  setup(app) {
    app.services.passwordReset = createPasswordResetService({
      db: app.db,
      repo: createPasswordResetRepository(),
      config: app.config,
      replyFloorMs: app.config.NODE_ENV === 'test' ? 150 : 400,
      endUserSessions: (userId) => app.events.endSessions({ userId }),
    });
  },
  routes,
});
