import { defineModule } from '../../lib/module.js';
import { boletoBankOf } from '../charges/charges.service.js';
import { closingJob } from './closing.job.js';
import { createClosingRepository } from './closing.repository.js';
import routes from './closing.routes.js';
import { createClosingService, type ClosingServiceApi } from './closing.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    closing: ClosingServiceApi;
  }
}

const repo = createClosingRepository();

/**
 * The monthly closing (issue 24 item 2; spec 2 §2.7 item 3, decision 6): its preview, the job that charges every
 * service row in force, writes the period's statements, creates the charges and locks the period (closing.job.ts), and
 * the list of past closings. The arithmetic is the domain's (packages/domain/src/closing); the ledger writes go through
 * `app.services.ledger`.
 */
export default defineModule({
  name: 'closing',
  needs: ['ledger', 'jobs'],
  setup(app, { services }) {
    const bank = boletoBankOf(app.config);
    app.services.closing = createClosingService({
      db: app.db,
      repo,
      ledger: services.ledger,
      jobs: services.jobs,
      boleto: { bank: bank.bank, agreement: bank.agreement, wallet: bank.wallet },
    });
  },
  jobs: (app) => [closingJob(app, repo)],
  routes,
});
