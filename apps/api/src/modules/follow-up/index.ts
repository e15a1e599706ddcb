import { followUpItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createFollowUpRepository } from './follow-up.repository.js';
import { createFollowUpService, type FollowUpService } from './follow-up.service.js';
import routes from './follow-up.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    followUp: FollowUpService;
  }
}

/**
 * Follow-up (atendimentos; issue 13, spec 2 §2.9 and §3): the member's Acompanhamento tab as a child list of the
 * member save (its roles are the followUp section's: the personal-data roles, spec 1 §6), and /acompanhamento's
 * list and edit calls.
 */
export default defineModule({
  name: 'followUp',
  needs: ['members'],
  setup(app, { services }) {
    const repo = createFollowUpRepository();
    const service = createFollowUpService({ db: app.db, repo });
    app.services.followUp = service;
    services.members.registerChildList({
      key: 'atendimentos',
      itemSchema: followUpItemSchema,
      roles: { view: ['v2userdadospessoaisview', 'v2userdadospessoais'], edit: ['v2userdadospessoais'] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items, ctx) => service.applyMemberRows(tx, cstId, items, ctx.actor),
    });
  },
  routes,
});
