import { defineModule } from '../../lib/module.js';
import { createPrintingRepository } from './printing.repository.js';
import { createPrintingService, type PrintingService } from './printing.service.js';
import routes from './printing.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    printing: PrintingService;
  }
}

/**
 * Print dialogs' server side (issue 11): the user's preferences (`POST config`, the remembered print choice) and
 * the print queue (`POST impressao`, sent by IPP to PRINTER_1_URL / PRINTER_2_URL when set; `GET impressao`).
 */
export default defineModule({
  name: 'printing',
  needs: ['files'],
  setup(app, { services }) {
    app.services.printing = createPrintingService({
      db: app.db,
      repo: createPrintingRepository(),
      files: services.files,
      printerUrls: { 1: app.config.PRINTER_1_URL, 2: app.config.PRINTER_2_URL },
    });
  },
  routes,
});
