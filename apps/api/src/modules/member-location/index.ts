import { memberLocationContracts } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { notFound } from '../../lib/errors.js';
import { defineModule } from '../../lib/module.js';
import { createMemberLocationRepository } from './member-location.repository.js';

/**
 * The member record's Localização tab (issue 13): its fields are the member's (the `location` section, edited
 * with v2loc and saved with the member); this module answers the read-only work place and coordinators of the
 * chosen local (the location registries' own calls need /localizacao's roles).
 */
export default defineModule({
  name: 'memberLocation',
  needs: [],
  async routes(app) {
    const repo = createMemberLocationRepository();
    defineRoutes(app, memberLocationContracts, {
      workplace: async (request) => {
        const workplace = await repo.workplace(app.db, request.params.locId);
        if (!workplace) throw notFound();
        return workplace;
      },
    });
  },
});
