import type { ChargeItem } from '@assoc/domain';
import { chargeItemSchema } from '@assoc/domain';
import { eq } from 'drizzle-orm';
import { charges } from '../../db/schema/index.js';
import { defineModule } from '../../lib/module.js';
import { registerOwner } from '../../lib/owner.js';
import { createChargesRepository } from './charges.repository.js';
import routes from './charges.routes.js';
import { createChargesService, type ChargesService } from './charges.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    charges: ChargesService;
  }
}

/**
 * Charges (cobranças, issue 14): the member record's `cobrancas` list (read-only stored charges; a new one is a row
 * marked insert, saved with the member: spec 1 §4/§5), `GET cobranca/divida/{cstId}` (the outstanding debt: what the
 * ledger says the holder owes, never the charges — `debtSql`, the ledger's `holderDebtSql`), and the boleto of a bank-11 charge without a return
 * (`GET user/boleto/{cobId}` PDF, `GET user/boleto/email/{cobId}` through the outbox) with its real barcode and
 * linha digitável (`packages/domain/src/billing/boleto.ts`). `app.services.charges.recordReturn(tx, { cobId, code, date },
 * actor)` records a bank return: the date and code on the charge and, when paid, the payment as a 'pagamento' credit
 * entry of the ledger (idempotent by the charge), the only way a bank payment lowers what the holder owes.
 */
export default defineModule({
  name: 'charges',
  needs: ['members', 'ledger', 'documents'],
  setup(app, { services }) {
    const service = createChargesService({
      db: app.db,
      repo: createChargesRepository(),
      config: app.config,
      documents: services.documents,
      ledger: services.ledger,
    });
    app.services.charges = service;
    // The portal's Cobranças (issue 28): a member reaches only their own charges' boletos.
    registerOwner(app, 'cobId', async (db, cobId) => {
      const [row] = await db.select({ cstId: charges.cstId }).from(charges).where(eq(charges.cobId, cobId));
      return row?.cstId ?? null;
    });
    services.members.registerChildList<ChargeItem>({
      key: 'cobrancas',
      itemSchema: chargeItemSchema,
      roles: { view: ['v2cobrancaview', 'v2cobrancanew'], edit: ['v2cobrancanew'] },
      load: (tx, cstId) => service.load(tx, cstId),
      json: service.json,
      apply: (tx, cstId, items, ctx) => service.apply(tx, cstId, items, ctx),
      // Charges change with the bank's returns and are never restored from a member's audit: each audit keeps
      // only the charges its save created.
      audit: 'written',
    });
  },
  routes,
});
