import { defineModule } from '../../lib/module.js';
import routes from './refunds.routes.js';
import { createRefundsRepository } from './refunds.repository.js';
import { createRefundsService, type RefundsService } from './refunds.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    refunds: RefundsService;
  }
}

/**
 * Refunds (devolução; issue 27 part 1; spec 2 §2.3, §3-§9; docs/REFUNDS.md): the approval flow of
 * packages/domain/src/refunds, FINALIZADO type-1 credits through the ledger, the to-pay list of the type-2 transfers.
 */
export default defineModule({
  name: 'refunds',
  needs: ['ledger'],
  setup(app, { services }) {
    app.services.refunds = createRefundsService({ db: app.db, repo: createRefundsRepository(), ledger: services.ledger, config: app.config });
  },
  routes,
});
