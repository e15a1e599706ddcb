import { defineModule } from '../../lib/module.js';
import { bankImportJobs } from './bank-import.job.js';
import { createBankImportRepository } from './bank-import.repository.js';
import routes from './bank-import.routes.js';
import { createBankImportService, type BankImportServiceApi } from './bank-import.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    bankImport: BankImportServiceApi;
  }
}

const repo = createBankImportRepository();

/**
 * Importar banco (issue 25 item 3): a bank return (CNAB 150, CNAB 240, payroll) uploaded, then read and settled by a job
 * against the remittances that sent its charges; the list of past imports with their results.
 */
export default defineModule({
  name: 'bankImport',
  needs: ['files', 'jobs', 'charges'],
  setup(app, { services }) {
    app.services.bankImport = createBankImportService({ db: app.db, repo, files: services.files, jobs: services.jobs });
  },
  jobs: (app) => bankImportJobs(app, repo),
  routes,
});
