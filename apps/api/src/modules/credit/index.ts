import { defineModule } from '../../lib/module.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import routes from './credit.routes.js';
import { createCreditService, type CreditService } from './credit.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    credit: CreditService;
  }
}

/**
 * Credit issuing with dual confirmation (spec 2 §2.5, §4, §5, §7, §8; issue 14 item 4): `POST user/credito/{cstId}`
 * writes a credit (negative entry) into the holder's open period through `app.services.ledger`, after verifying the
 * signed-in user's and a second, different user's passwords against the sign-in's attempt limits (login_limits).
 */
export default defineModule({
  name: 'credit',
  needs: ['ledger'],
  setup(app, { services }) {
    app.services.credit = createCreditService({
      db: app.db,
      config: app.config,
      ledger: services.ledger,
      authRepo: createAuthRepository(),
    });
  },
  routes,
});
