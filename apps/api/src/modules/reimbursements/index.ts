import { REIMBURSEMENT_ROLE, ressarcimentoItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createReimbursementsRepository } from './reimbursements.repository.js';
import routes from './reimbursements.routes.js';
import { createReimbursementsService, type ReimbursementsService } from './reimbursements.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    reimbursements: ReimbursementsService;
  }
}

/**
 * Reimbursements (ressarcimentos; issue 27 items 3-4): the member record's tab Ressarcimentos [11] as the child list
 * `ressarcimentos` of the member save (role v2tabressarcimento, the member's version and audit), the patients and
 * document calls, the procedure document's upload, and a paid procedure's credit in the ledger.
 */
export default defineModule({
  name: 'reimbursements',
  needs: ['members', 'ledger', 'files'],
  setup(app, { services }) {
    const repo = createReimbursementsRepository();
    const service = createReimbursementsService({ db: app.db, repo, ledger: services.ledger, files: services.files });
    app.services.reimbursements = service;
    services.members.registerChildList({
      key: 'ressarcimentos',
      itemSchema: ressarcimentoItemSchema,
      roles: { view: [REIMBURSEMENT_ROLE], edit: [REIMBURSEMENT_ROLE] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items, ctx) => service.apply(tx, cstId, items, ctx),
    });
  },
  routes,
});
