import { defineModule } from '../../lib/module.js';
import { lifeInsuranceJob } from './life-insurance.job.js';
import { createLifeInsuranceRepository } from './life-insurance.repository.js';

/**
 * The life-insurance files for the two insurers (issue 30 item 1): the menu jobs `seguro-vida-export-1` and `-2`, an
 * XLSX of the insured in each insurer's layout (docs/JOBS.md "Arquivos das seguradoras").
 */
export default defineModule({
  name: 'lifeInsurance',
  needs: [],
  jobs: () => {
    const repo = createLifeInsuranceRepository();
    return [lifeInsuranceJob(1, repo), lifeInsuranceJob(2, repo)];
  },
});
