import { defineModule } from '../../lib/module.js';
import routes from './terminal.routes.js';
import { createTerminalRepository } from './terminal.repository.js';
import { createTerminalService, type TerminalService } from './terminal.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    terminal: TerminalService;
  }
}

/**
 * Avançado → Terminal (decision 14; issue 29 item 4; docs/TERMINAL.md): a superadmin's read-only SQL console, one
 * checked SELECT at a time as the database role assoc_terminal, every query kept in the history and audited.
 */
export default defineModule({
  name: 'terminal',
  needs: [],
  setup(app) {
    app.services.terminal = createTerminalService({ db: app.db, pool: app.pool, repo: createTerminalRepository() });
  },
  routes,
});
