import { defineModule } from '../../lib/module.js';
import { postingJob } from './postings.job.js';
import { createPostingsRepository } from './postings.repository.js';
import routes from './postings.routes.js';
import { createPostingsService, type PostingsServiceApi } from './postings.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    postings: PostingsServiceApi;
  }
}

const repo = createPostingsRepository();

/**
 * Postings (Lançamentos, issue 24 item 1; spec 2 §2.6, §4, §7): the services that can be posted, the rows typed or by
 * phone (POST lancamentos), a bar's file (POST lancamentos/files), the phone lookup, and the job that writes each row's
 * first instalment into the open period and schedules the later ones for the closings (postings.job.ts).
 */
export default defineModule({
  name: 'postings',
  needs: ['ledger', 'jobs', 'files'],
  setup(app, { services }) {
    app.services.postings = createPostingsService({ db: app.db, repo, jobs: services.jobs });
  },
  jobs: (app) => [postingJob(app, repo)],
  routes,
});
