import { defineModule } from '../../lib/module.js';
import { irEmailJob, irGerarJob, irPrinterJob } from './income-tax.job.js';
import { createIncomeTaxRepository, MEMBER_YEARS_JSON } from './income-tax.repository.js';
import routes from './income-tax.routes.js';
import { createIncomeTaxService, type IncomeTaxService } from './income-tax.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    incomeTax: IncomeTaxService;
  }
}

/**
 * Income tax (I.R., decision 7; spec 1 §2 tab I.R. [6], §6, §7): `GET user/ir/{cstId}/{ano}` (per beneficiary, the
 * base year's amounts per IR group from the ledger's locked periods), `GET user/irpdf/{cstId}/{period}` (the
 * informe-rendimentos PDF) and `GET user/emailir/{cstId}/{ano}` (through the outbox); fills the record's `irDatas`.
 * Menu jobs: `ir-gerar` (the CSV of every holder), `ir-email` (the informe to every holder with custIRPorEmail, once per
 * holder and base year) and `ir-impressora` (one PDF of the others, in the order of the address labels).
 */
export default defineModule({
  name: 'incomeTax',
  needs: ['members', 'documents'],
  setup(app, { services }) {
    const service = createIncomeTaxService({
      db: app.db,
      repo: createIncomeTaxRepository(),
      config: app.config,
      documents: services.documents,
    });
    app.services.incomeTax = service;
    services.members.registerRecordExtra('irDatas', {
      roles: ['v2tabir'],
      load: (tx, cstId) => service.years(cstId, tx),
      json: { expression: MEMBER_YEARS_JSON, fromJson: (value) => (value as number[]).map((ano) => ({ value: ano, label: String(ano) })) },
    });
  },
  jobs: (app) => [irGerarJob, irEmailJob(app), irPrinterJob(app)],
  routes,
});
