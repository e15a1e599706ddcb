import { defineModule } from '../../lib/module.js';
import { createBankRemittanceRepository } from './bank-remittance.repository.js';
import { remittanceJob } from './bank-remittance.job.js';
import routes from './bank-remittance.routes.js';
import { createBankRemittanceService, type BankRemittanceServiceApi } from './bank-remittance.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    bankRemittance: BankRemittanceServiceApi;
  }
}

/**
 * Remittances (issue 25 items 1, 2 and 4's server): the job "Gerar remessa de cobrança" writing one bank file per debit
 * place (the layouts are the domain's, packages/domain/src/bank-files), and /financeiro/remessa's calls.
 */
export default defineModule({
  name: 'bankRemittance',
  needs: ['files', 'jobs'],
  setup(app, { services }) {
    app.services.bankRemittance = createBankRemittanceService({
      db: app.db,
      repo: createBankRemittanceRepository(),
      files: services.files,
      config: app.config,
    });
  },
  jobs: (app) => [remittanceJob(app)],
  routes,
});
