import { defineModule } from '../../lib/module.js';
import { createNetworkMatcher } from '../../lib/network.js';
import { resolveSecret } from '../../lib/signed-token.js';
import { defineSchedule } from '../jobs/jobs.define.js';
import authGuard from './auth.guard.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService, type AuthService } from './auth.service.js';
import routes from './auth.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    auth: AuthService;
  }
}

/**
 * Sign-in and sessions. Its setup (first of the modules) builds the one auth service, registers the session
 * guard at the app's root (fastify-plugin 'auth': every later route is guarded, the real-time channel
 * depends on it); its hourly schedule prunes expired sign-in counters.
 */
export default defineModule({
  name: 'auth',
  needs: [],
  async setup(app) {
    const service = createAuthService({
      db: app.db,
      repo: createAuthRepository(),
      config: app.config,
      secret: resolveSecret(app.config.SESSION_SECRET, app.config.DATA_DIR),
      isTrusted: createNetworkMatcher(app.config.TRUSTED_NETWORKS),
      slowStepMs: app.config.NODE_ENV === 'test' ? 20 : 1000,
      closeSockets: (sessionId) => app.events.endSessions({ sessionId }),
    });
    app.services.auth = service;
    await app.register(authGuard, { service });
  },
  // Expired sign-in counters would only restart; forget them hourly (one instance does it) so the table stays small.
  jobs: (app) => [defineSchedule({ name: 'auth-prune-limits', cron: '7 * * * *', run: () => app.services.auth.pruneLimits() })],
  routes,
});
