import { defineModule } from '../../lib/module.js';
import { createMemberMailRepository } from './member-mail.repository.js';
import { createMemberMailService, type MemberMailService } from './member-mail.service.js';
import routes from './member-mail.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    memberMail: MemberMailService;
  }
}

/** The E-Mail tab [14] (decision 20): the member's outbox messages, resend, and a new e-mail from a template. */
export default defineModule({
  name: 'memberMail',
  needs: [],
  setup(app) {
    app.services.memberMail = createMemberMailService({ db: app.db, repo: createMemberMailRepository(), config: app.config });
  },
  routes,
});
