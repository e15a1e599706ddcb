import { defineModule } from '../../lib/module.js';
import { createOpenBalanceRepository } from './open-balance.repository.js';
import { createOpenBalanceService, type OpenBalanceService } from './open-balance.service.js';
import routes from './open-balance.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    openBalance: OpenBalanceService;
  }
}

/**
 * Open balance (Saldo em aberto, issue 24 item 3; spec 2 §2.8): what each holder still owes — the ledger's one
 * definition (`holderDebtSql`, as GET cobranca/divida) — per collection channel, in one statement, and as XLSX.
 * It reads the ledger's SQL only, never its service, so it needs no module.
 */
export default defineModule({
  name: 'openBalance',
  needs: [],
  setup(app) {
    app.services.openBalance = createOpenBalanceService({
      db: app.db,
      repo: createOpenBalanceRepository(),
      associationShortName: app.config.ASSOCIATION_SHORT_NAME,
    });
  },
  routes,
});
