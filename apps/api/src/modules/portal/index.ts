import { defineModule } from '../../lib/module.js';
import { createPortalRepository } from './portal.repository.js';
import routes from './portal.routes.js';
import { createPortalService, type PortalService } from './portal.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    portal: PortalService;
  }
}

/**
 * Portal do associado, Cadastro and Dependentes (issue 28 items 1, 2; docs/PORTAL.md): GET/PUT user/portal/{cstId},
 * the member's own record only. The save is the members module's (one rule set, version, audit); a save notifies
 * staff screens (memberChanged) after its commit. A member's sign-in reply carries the same form (auth's provideHome).
 */
export default defineModule({
  name: 'portal',
  needs: ['auth', 'members'],
  setup(app, { services }) {
    const portal = createPortalService({ db: app.db, repo: createPortalRepository(), members: services.members, events: app.events });
    app.services.portal = portal;
    // Issue 28: the member's form goes with the sign-in reply (what GET user/portal/{cstId} would answer them next).
    services.auth.provideHome('portal', (me) => (me.cstId && me.cstId > 0 ? portal.get(me.cstId) : Promise.resolve(null)));
  },
  routes,
});
