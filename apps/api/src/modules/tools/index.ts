import { defineModule } from '../../lib/module.js';
import { totpSecretBox } from '../../lib/secret-box.js';
import { createToolsRepository } from './tools.repository.js';
import { createToolsService, type ToolsService } from './tools.service.js';
import routes from './tools.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    tools: ToolsService;
  }
}

/** Ferramentas: the authenticator set-up (decision 3, issue 8 §6) and the user guide (decision 18). */
export default defineModule({
  name: 'tools',
  needs: ['auth'],
  async setup(app, { services }) {
    const service = createToolsService({
      db: app.db,
      repo: createToolsRepository(),
      config: app.config,
      box: totpSecretBox(app.config),
      endSessions: (sessionIds) => sessionIds.forEach((sessionId) => app.events.endSessions({ sessionId })),
      endSession: (sessionId) => services.auth.endSession(sessionId),
    });
    app.services.tools = service;
    // Secrets stored in clear text before issue 8 are sealed once the database is reachable, before any request.
    const sealed = await service.sealClearSecrets();
    if (sealed > 0) app.log.info({ sealed }, 'segredos TOTP em texto claro cifrados');
  },
  routes,
});
