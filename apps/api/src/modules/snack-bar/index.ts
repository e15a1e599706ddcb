import { defineModule } from '../../lib/module.js';
import { snackBarJob } from './snack-bar.job.js';

/** The snack-bar export (issue 30 item 1): the menu job `lanchonete-export`, the bar's list of who may charge. */
export default defineModule({
  name: 'snackBar',
  needs: [],
  jobs: () => [snackBarJob()],
});
