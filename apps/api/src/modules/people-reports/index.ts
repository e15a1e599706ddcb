import { defineModule } from '../../lib/module.js';
import { contagemExcelJob } from './contagem-excel.job.js';

/**
 * Reports over the people data, run as background jobs (the jobs module collects them): each handler reads
 * through this module's repository on the job's own connection.
 */
export default defineModule({
  name: 'peopleReports',
  needs: [],
  jobs: () => [contagemExcelJob],
});
