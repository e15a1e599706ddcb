import { defineModule } from '../../lib/module.js';
import { createMembersRepository } from './members.repository.js';
import routes from './members.routes.js';
import { createMembersService, type MembersService } from './members.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    members: MembersService;
  }
}

/**
 * The member record (issue 12): GET/POST/PUT user/{cstId} with one transaction for the member and its child lists
 * (later tabs register theirs with `app.services.members.registerChildList` from their setup), the audit mode's
 * reads, CPF check, position history, labels, bond declaration and the forms' lookup lists (GET datacache).
 */
export default defineModule({
  name: 'members',
  needs: ['documents', 'photos'],
  setup(app, { services }) {
    app.services.members = createMembersService({ db: app.db, repo: createMembersRepository(), photos: services.photos, log: app.log });
  },
  routes,
});
