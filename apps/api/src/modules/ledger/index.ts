import { defineModule } from '../../lib/module.js';
import { createLedgerRepository, MEMBER_PERIODS_JSON, type MemberPeriod } from './ledger.repository.js';
import routes from './ledger.routes.js';
import { statementEmailJob, statementPrinterJob } from './statement.jobs.js';
import { createLedgerService, type LedgerService, periodOptions } from './ledger.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    ledger: LedgerService;
  }
}

/**
 * The member's ledger (issue 14, decision 6; migration 0023): closing periods and statement entries in integer cents.
 *
 * Sign convention: `valor` / `extValor` > 0 is a debit (the member owes it: fee, health plan, phone bill), < 0 a
 * credit (payment, credit issued, the reversal of a debit); a holder's balance is the sum of their entries (> 0: the
 * member owes). An entry belongs to the holder (`cstId`) and names its responsible person (`respId`: the holder or
 * one of the holder's dependents; the name is kept in the entry), its service (`svcId`) and member-service row
 * (`cslId`).
 *
 * Periods: one open period at a time for everyone (`fecId`; extratoDatas shows it as -fecId, 'Em aberto'); the monthly
 * closing locks it for good (`lockOpenPeriod`) and the next month opens. New entries always go into the open period;
 * the database refuses an entry in a locked period, any UPDATE or DELETE of an entry, a second reversal of an entry and
 * the reversal of a reversal (triggers and unique constraints of 0023), and a key used twice by the same holder.
 *
 * `app.services.ledger` (every write takes the caller's transaction `tx` and an actor, and writes its audit rows there):
 * - `openPeriod(tx)`: the open period (opened when there is none).
 * - `periodsOf(tx, cstId)`: extratoDatas — the open period then the closed ones holding the holder's entries, newest first.
 * - `addEntry(tx, entry, actor)` → `{ entry, created }`: idempotent by `entry.key` (unique per holder): the same key
 *   again writes nothing and answers the first entry with `created: false`.
 * - `addEntries(tx, entries, actor)` → `{ fecId, ids }`: one statement for many (the closing, postings); keys skip.
 * - `reverse(tx, extId, actor)`: the counter-entry (opposite value, 'Estorno: …', same person and service) in the open
 *   period, linked both ways (`extEstornoParent` stored on it; the parent's `extEstornoChild` read through the unique
 *   index); 409 when already reversed, 400 for a reversal.
 * - `entriesOf(tx, cstId, fecId)`, `balance(tx, cstId, { upTo? })` (SQL sum, up to a period), `debt(tx, cstId)` (what the
 *   holder owes), `lockOpenPeriod(tx, actor)`.
 *
 * What a holder owes has one definition (issue 22 item 1): the domain's `holderBalance` / `owedBy`
 * (packages/domain/src/ledger/owed.ts) and its SQL `holderBalanceSql` / `holderDebtSql` (ledger.repository.ts): the sum
 * of every entry of the holder (payments are credits), never the charges.
 * Calls: GET user/extrato/{cstId}/{fecID}, user/extratopdf/{cstId}/{period}, user/emailextrato/{cstId}/{fecID},
 * user/extrato/estorno/{extId}.
 * Menu jobs (statement.jobs.ts, document-jobs.ts): `extrato-email` (the last closed period's statement to every holder
 * with statement by e-mail on, once per holder and period: `document_sends`) and `extrato-impressora` (one PDF of the
 * others, in the order of the address labels).
 */
export default defineModule({
  name: 'ledger',
  needs: ['members', 'documents'],
  setup(app, { services }) {
    app.services.ledger = createLedgerService({ db: app.db, repo: createLedgerRepository(), documents: services.documents });
    services.members.registerRecordExtra('extratoDatas', {
      roles: ['v2tabextratos'],
      load: (tx, cstId) => app.services.ledger.periodsOf(tx, cstId),
      json: {
        expression: MEMBER_PERIODS_JSON,
        fromJson: (value) => periodOptions(value as MemberPeriod[]),
      },
    });
  },
  jobs: (app) => [statementEmailJob(app), statementPrinterJob(app)],
  routes,
});
