import { ledgerMessages, periodLabel, runningBalances, type Statement, type StatementPeriodOption } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AppServices } from '../../lib/module.js';
import type { EntryInsert, EntryRow, LedgerRepository, MemberPeriod, PeriodRow } from './ledger.repository.js';

/** The audit category of ledger writes (entries, reversals) and of the period locks. */
export const LEDGER_AUDIT = 'extrato';
export const CLOSING_AUDIT = 'fechamento';
/** Above this many entries in one addEntries call, one summary audit row instead of one per entry. */
const AUDIT_EACH_MAX = 100;
const TIME_ZONE = 'America/Sao_Paulo';

/** An entry to write. Cents: > 0 a debit (the member owes it), < 0 a credit. */
export interface NewEntry {
  /** The holder whose ledger it is. */
  cstId: number;
  /** The responsible person: the holder (default) or one of the holder's dependents. */
  respId?: number | null;
  svcId?: number | null;
  /** The member's service row it charges (customer_services), when any. */
  cslId?: number | null;
  descricao: string;
  valor: number;
  /** lancamento (default), fechamento (monthly closing), credito, pagamento; estorno only through `reverse`. */
  tipo?: 'lancamento' | 'fechamento' | 'credito' | 'pagamento';
  /** The entry's date (default now). */
  date?: Date | null;
  /** Idempotency key, unique per holder: the same key again writes nothing and answers the first entry. */
  key?: string | null;
}

/** Year and month of a date in the association's time zone. */
function monthOf(date: Date): { ano: number; mes: number } {
  const [ano, mes] = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' }).format(date).split('-').map(Number);
  return { ano: ano!, mes: mes! };
}
/** 'YYYY-MM-DD' of a timestamp in the association's time zone. */
const dayOf = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(date);
const isoMonth = (p: PeriodRow) => `${p.fecAno}-${String(p.fecMes).padStart(2, '0')}`;

/** What the audit keeps of an entry. */
const auditOf = (e: EntryRow) => ({
  extId: e.extId,
  cstId: e.cstId,
  fecId: e.fecId,
  extDate: e.extDate.toISOString(),
  extDescricao: e.extDescricao,
  respId: e.respId,
  extResponsavel: e.extResponsavel,
  svcId: e.svcId,
  cslId: e.cslId,
  extValor: e.extValor,
  extTipo: e.extTipo,
  extEstornoParent: e.extEstornoParent,
  extKey: e.extKey,
});

/** extratoDatas from the periods holding a holder's entries (newest first): the open one first, then the closed. */
export function periodOptions(periods: readonly MemberPeriod[]): StatementPeriodOption[] {
  const open = periods.filter((p) => !p.locked).map((p) => ({ value: -p.fecId, label: ledgerMessages.openPeriodLabel }));
  const closed = periods.filter((p) => p.locked).map((p) => ({ value: p.fecId, label: periodLabel(p.fecAno, p.fecMes) }));
  return [...open, ...closed];
}

export function createLedgerService(deps: { db: Db; repo: LedgerRepository; documents: AppServices['documents'] }) {
  const { db, repo, documents } = deps;

  /** The open period, opened (the current month, or the month after the last one) when there is none. */
  async function openPeriod(tx: Executor): Promise<PeriodRow> {
    const open = await repo.openPeriod(tx);
    if (open) return open;
    const { ano, mes } = monthOf(new Date());
    await repo.createOpenPeriod(tx, ano, mes);
    const created = await repo.openPeriod(tx);
    if (!created) throw badRequest(ledgerMessages.noOpenPeriod);
    return created;
  }

  /** Checks and writes entries into the open period; `estornoParent` only from `reverse`. */
  async function write(tx: Executor, entries: readonly (NewEntry & { estornoParent?: number })[], actor: Actor) {
    for (const e of entries) {
      if (!Number.isSafeInteger(e.valor) || e.valor === 0 || Math.abs(e.valor) > 2_000_000_000) throw badRequest(ledgerMessages.zeroValue);
      if (!e.descricao.trim()) throw badRequest(ledgerMessages.invalidEntry);
    }
    if ((await repo.invalidPeople(tx, entries)) > 0) throw badRequest(ledgerMessages.responsibleNotOfHolder);
    const period = await openPeriod(tx);
    const rows: EntryInsert[] = entries.map((e) => ({
      cstId: e.cstId,
      respId: e.respId ?? null,
      svcId: e.svcId ?? null,
      cslId: e.cslId ?? null,
      descricao: e.descricao.trim().slice(0, 120),
      valor: e.valor,
      tipo: e.estornoParent ? 'estorno' : (e.tipo ?? 'lancamento'),
      date: e.date ?? null,
      key: e.key?.slice(0, 80) ?? null,
      estornoParent: e.estornoParent ?? null,
    }));
    return { period, written: await repo.insert(tx, period.fecId, rows, actor.userId, actor.name) };
  }

  async function reverse(tx: Executor, extId: number, actor: Actor): Promise<EntryRow> {
    const parent = await repo.entry(tx, extId, true);
    if (!parent) throw notFound(ledgerMessages.entryNotFound);
    if (parent.extEstornoParent !== null) throw badRequest(ledgerMessages.reversalNotReversible);
    if (parent.extEstornoChild !== null) throw conflict(ledgerMessages.alreadyReversed);
    const { written } = await write(
      tx,
      [
        {
          cstId: parent.cstId,
          respId: parent.respId,
          svcId: parent.svcId,
          cslId: parent.cslId,
          descricao: `${ledgerMessages.reversalPrefix}${parent.extDescricao}`,
          valor: -parent.extValor,
          key: `estorno:${parent.extId}`,
          estornoParent: parent.extId,
        },
      ],
      actor,
    );
    if (written.length === 0) throw conflict(ledgerMessages.alreadyReversed);
    const child = (await repo.entry(tx, written[0]!.extId))!;
    await writeAudit(tx, {
      category: LEDGER_AUDIT,
      ownerId: parent.cstId,
      entityId: child.extId,
      action: 'insert',
      user: actor,
      before: auditOf(parent),
      after: auditOf(child),
    });
    return child;
  }

  async function holder(tx: Executor, cstId: number) {
    const person = await repo.person(tx, cstId);
    if (!person) throw notFound();
    if (person.parentId !== null) throw badRequest(ledgerMessages.notHolder);
    return person;
  }

  async function statement(tx: Executor, cstId: number, fecId: number): Promise<Statement> {
    const found = await repo.statement(tx, cstId, fecId);
    if (!found) throw notFound();
    if (found.parentId !== null) throw badRequest(ledgerMessages.notHolder);
    if (!found.period) throw notFound(ledgerMessages.periodNotFound);
    const rows = found.entries as unknown as (Omit<Statement['entries'][number], 'saldo' | 'extDate' | 'extCreated'> & {
      extDate: string;
      extCreated: string;
    })[];
    // The running balance from the balance before the period (`holderBalanceSql`): the open period's last one is
    // the holder's balance, what `GET cobranca/divida` owes when positive (issue 22 item 1).
    const balances = runningBalances(
      found.opening,
      rows.map((r) => r.extValor),
    );
    return {
      fecId,
      periodo: isoMonth(found.period),
      aberto: found.period.lockedAt === null,
      saldoAnterior: found.opening,
      saldoFinal: balances.at(-1) ?? found.opening,
      // json_build_object gives timestamps as PostgreSQL's text: one ISO form for the client.
      entries: rows.map((r, i) => ({
        ...r,
        extDate: new Date(r.extDate).toISOString(),
        extCreated: new Date(r.extCreated).toISOString(),
        saldo: balances[i]!,
      })),
    };
  }

  /** The data of the documents service's `extrato` template for one period, and the holder. */
  async function statementDocument(cstId: number, fecId: number) {
    const s = await statement(db, cstId, fecId);
    const member = (await repo.person(db, cstId))!;
    return {
      member,
      data: {
        member: { name: member.name, cpf: member.cpf ?? '', numero: member.numero || '0000000' },
        period: s.periodo,
        openingBalance: s.saldoAnterior,
        entries: s.entries.map((e) => ({
          date: dayOf(new Date(e.extDate)),
          description: e.extDescricao,
          responsible: e.extResponsavel,
          service: e.svcName,
          value: e.extValor,
        })),
      },
    };
  }

  return {
    openPeriod,

    /** extratoDatas of GET user/{cstId}: the open period (-fecID, 'Em aberto') then the closed ones with entries (+fecID, MM/YYYY). */
    async periodsOf(tx: Executor, cstId: number): Promise<StatementPeriodOption[]> {
      return periodOptions(await repo.periodsOf(tx, cstId));
    },

    /** One entry in the open period, audited; idempotent by key (the first entry is answered, `created` false). */
    async addEntry(tx: Executor, entry: NewEntry, actor: Actor): Promise<{ entry: EntryRow; created: boolean }> {
      const { written } = await write(tx, [entry], actor);
      if (written.length === 0) {
        const [existing] = await repo.entriesByKey(tx, entry.cstId, [entry.key!.slice(0, 80)]);
        return { entry: existing!, created: false };
      }
      const row = (await repo.entry(tx, written[0]!.extId))!;
      await writeAudit(tx, {
        category: LEDGER_AUDIT,
        ownerId: row.cstId,
        entityId: row.extId,
        action: 'insert',
        user: actor,
        before: null,
        after: auditOf(row),
      });
      return { entry: row, created: true };
    },

    /**
     * Many entries in the open period in one statement (the monthly closing, postings), idempotent by key;
     * audited one row per entry up to 100 entries, else one summary row, or not at all with `audit: 'caller'` (the
     * caller audits its batch). Answers the ids written.
     */
    async addEntries(
      tx: Executor,
      entries: readonly NewEntry[],
      actor: Actor,
      options: { audit?: 'entries' | 'caller' } = {},
    ): Promise<{ fecId: number; ids: number[]; written: { extId: number; cstId: number; extKey: string | null }[] }> {
      if (entries.length === 0) return { fecId: (await openPeriod(tx)).fecId, ids: [], written: [] };
      const { period, written } = await write(tx, entries, actor);
      // 'caller': a batch writer (the closing, a posting batch) writes one audit row for its whole run in its own transaction.
      if (options.audit === 'caller') return { fecId: period.fecId, ids: written.map((w) => w.extId), written };
      if (written.length <= AUDIT_EACH_MAX) {
        for (const w of written) {
          const row = (await repo.entry(tx, w.extId))!;
          await writeAudit(tx, {
            category: LEDGER_AUDIT,
            ownerId: row.cstId,
            entityId: row.extId,
            action: 'insert',
            user: actor,
            before: null,
            after: auditOf(row),
          });
        }
      } else {
        const total = entries.reduce((sum, e) => sum + e.valor, 0);
        await writeAudit(tx, {
          category: LEDGER_AUDIT,
          entityId: `lote:${period.fecId}`,
          action: 'insert',
          user: actor,
          before: null,
          after: {
            fecId: period.fecId,
            requested: entries.length,
            written: written.length,
            total,
            firstId: written[0]?.extId,
            lastId: written.at(-1)?.extId,
          },
        });
      }
      return { fecId: period.fecId, ids: written.map((w) => w.extId), written };
    },

    /** The counter-entry of an entry, in the open period, linked both ways, audited (twice or of a reversal: refused). */
    reverse,

    entriesOf: (tx: Executor, cstId: number, fecId: number) => repo.entriesOf(tx, cstId, fecId),

    /** The holder's balance in SQL (`holderBalanceSql`; > 0: owed), over every period or up to period `upTo`. */
    balance: (tx: Executor, cstId: number, options: { upTo?: number } = {}) => repo.balance(tx, cstId, { upTo: options.upTo }),

    /** What the holder owes (`holderDebtSql`, the domain's `owedBy`): the balance of every entry, never below zero. */
    debt: (tx: Executor, cstId: number) => repo.debt(tx, cstId),

    /**
     * Locks the open period for good and opens the next month (the monthly closing's last step), audited; answers
     * both. Entries written afterwards go into the new period.
     */
    async lockOpenPeriod(tx: Executor, actor: Actor): Promise<{ locked: PeriodRow; open: PeriodRow }> {
      const current = await openPeriod(tx);
      if (!(await repo.lockPeriod(tx, current.fecId, actor.userId, actor.name))) throw conflict(ledgerMessages.periodLocked);
      await repo.createOpenPeriod(tx, current.fecAno, current.fecMes);
      const open = (await repo.openPeriod(tx))!;
      await writeAudit(tx, {
        category: CLOSING_AUDIT,
        entityId: current.fecId,
        action: 'update',
        user: actor,
        before: { fecId: current.fecId, periodo: isoMonth(current), locked: false },
        after: { fecId: current.fecId, periodo: isoMonth(current), locked: true, next: open.fecId },
      });
      return { locked: { ...current, lockedAt: new Date() }, open };
    },

    // The calls (spec 1 §7).

    /** GET user/extrato/{cstId}/{fecID}. */
    statement: (cstId: number, fecId: number) => statement(db, cstId, fecId),

    /** GET user/extratopdf/{cstId}/{period}: the documents service's `extrato` template with the ledger's entries. */
    async statementPdf(cstId: number, fecId: number): Promise<Uint8Array> {
      const { data } = await statementDocument(cstId, fecId);
      return documents.render('extrato', data);
    },

    /**
     * The `extrato` document data of many holders for one closed period (the menu's statement jobs), one statement:
     * the same data `GET user/extratopdf` renders. Answers the period (null when it is not a closed one) and the data by holder.
     */
    async statementDocuments(tx: Executor, fecId: number, cstIds: readonly number[]) {
      const rows = await repo.statementDocuments(tx, fecId, cstIds);
      const period = await repo.period(tx, fecId);
      const periodo = period ? isoMonth(period) : '';
      return new Map(
        rows.map((r) => [
          r.cstId,
          {
            member: { name: r.name, cpf: r.cpf ?? '', numero: r.numero || '0000000' },
            period: periodo,
            openingBalance: r.opening,
            entries: r.entries.map(([date, description, responsible, service, value]) => ({ date, description, responsible, service, value })),
          },
        ]),
      );
    },

    /** GET user/emailextrato/{cstId}/{fecID}: the PDF in the file store and an e-mail with it in the outbox, in one transaction (documents.emailTo). */
    async emailStatement(cstId: number, fecId: number, actor: Actor): Promise<{ message: string }> {
      const member = await holder(db, cstId);
      if (member.situacao === 5) throw badRequest(ledgerMessages.emailDeceased);
      if (!member.email) throw badRequest(ledgerMessages.emailMissing);
      const { data } = await statementDocument(cstId, fecId);
      const month = `${data.period.slice(5)}/${data.period.slice(0, 4)}`;
      await documents.emailTo(
        { email: member.email, name: member.name, cstId },
        { report: 'extrato', data, fileName: `extrato-${data.period}.pdf` },
        { key: 'extrato', values: { mes: month } },
        { actor },
      );
      return { message: ledgerMessages.emailSent };
    },

    /** GET user/extrato/estorno/{extId}: the reversal in its own transaction. */
    async reverseEntry(extId: number, actor: Actor): Promise<{ message: string }> {
      await db.transaction((tx) => reverse(tx, extId, actor));
      return { message: ledgerMessages.reversed };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
