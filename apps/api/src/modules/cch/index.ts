import { defineModule } from '../../lib/module.js';
import routes from './cch.routes.js';
import { createCchRepository } from './cch.repository.js';
import { createCchService, type CchService } from './cch.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    cch: CchService;
  }
}

/**
 * The CCH, the association's health benefit (issue 26; spec 2 §2.1, §2.2, §2.10, §3-§8; docs/CCH.md): requests with
 * their balance rules and workflow, PAGO's credit and the cancel's reversal in the ledger, the letters, the scans, the
 * TUSS lookup and the yearly amounts' increases. The rules themselves are the domain's (packages/domain/src/cch).
 */
export default defineModule({
  name: 'cch',
  needs: ['ledger', 'files', 'documents'],
  setup(app, { services }) {
    app.services.cch = createCchService({
      db: app.db,
      repo: createCchRepository(),
      ledger: services.ledger,
      files: services.files,
      documents: services.documents,
      config: app.config,
    });
  },
  routes,
});
