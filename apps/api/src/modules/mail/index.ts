import { defineModule } from '../../lib/module.js';
import { createMailService, type MailService } from './mail.service.js';
import { createMailWorker, type MailWorker } from './mail.worker.js';
import routes from './mail.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox sender (tests run one round with `runOnce`). */
    mailWorker: MailWorker;
  }
}

declare module '../../lib/module.js' {
  interface AppServices {
    mail: MailService;
  }
}

/**
 * E-mail (decision 10): the outbox other modules write to (`app.services.mail`, or `enqueueEmail` on their
 * transaction), its screen, and the sender: with SMTP_URL set, a timer loop sends pending e-mails with retries
 * and backoff, recording the final failure; without it, e-mails stay pending. Background work (jobs and this
 * sender) runs only on worker instances: JOBS_WORKER=false serves HTTP only.
 */
export default defineModule({
  name: 'mail',
  needs: ['files'],
  setup(app, { services }) {
    app.services.mail = createMailService(app.db);
    const worker = createMailWorker({ db: app.db, config: app.config, log: app.log, store: services.files.store });
    app.decorate('mailWorker', worker);
    if (app.config.JOBS_WORKER === 'true') app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  routes,
});
