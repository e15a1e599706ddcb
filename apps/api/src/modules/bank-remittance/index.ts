import { defineModule } from '../../lib/module.js';
import { createBankRemittanceRepository } from './bank-remittance.repository.js';
import { boletosEmailJob, remittanceJob } from './bank-remittance.job.js';
import routes from './bank-remittance.routes.js';
import { createBankRemittanceService, type BankRemittanceServiceApi } from './bank-remittance.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    bankRemittance: BankRemittanceServiceApi;
  }
}

/**
 * Remittances (issue 25 items 1, 2, 4 and 6's server): the job "Gerar remessa de cobrança" writing one bank file per
 * debit place (the layouts are the domain's, packages/domain/src/bank-files), /financeiro/remessa's calls, and the job
 * "Enviar boletos gerados por e-mail" (the newest boleto remittance's boletos, each once).
 */
export default defineModule({
  name: 'bankRemittance',
  needs: ['files', 'jobs', 'charges'],
  setup(app, { services }) {
    app.services.bankRemittance = createBankRemittanceService({
      db: app.db,
      repo: createBankRemittanceRepository(),
      files: services.files,
      config: app.config,
    });
  },
  jobs: (app) => [remittanceJob(app), boletosEmailJob(app, createBankRemittanceRepository())],
  routes,
});
