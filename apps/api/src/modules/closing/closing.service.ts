import {
  chargePlace,
  closingDueDate,
  closingLineKey,
  closingMessages,
  closingTexts,
  debitPlaces,
  dueDateHolidayRange,
  firstDayOf,
  inWritingOrder,
  lastDayOf,
  ASSOCIATION_PAYROLL,
  BOLETO,
  serviceRowLines,
  type ClosingLine,
  type ClosingMonth,
  type ClosingPreview,
  type ClosingRun,
} from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { jobActor } from '../jobs/jobs.actor.js';
import { writeAudit } from '../../lib/audit.js';
import type { Actor } from '../../lib/actor.js';
import type { AppServices } from '../../lib/module.js';
import type { SessionUser } from '../auth/session.js';
import type { NewEntry } from '../ledger/ledger.service.js';
import { CLOSING_AUDIT } from '../ledger/ledger.service.js';
import type { ClosingChargeRow, ClosingHolder, ClosingRepository, ClosingRunRow } from './closing.repository.js';

/** The job command of the closing (packages/domain jobCommands, `screen: true`). */
export const CLOSING_COMMAND = 'fechamento';

/** A line the closing writes, as a ledger entry with its key. */
export interface PlannedEntry extends NewEntry {
  key: string;
  svcId: number;
  /** Of a service that posts at the end (svcLancaNoFim): written after the holder's other lines. */
  atEnd: boolean;
}

/** A holder's planned work in a period: the entries not written yet. */
export interface HolderPlan {
  holder: ClosingHolder;
  entries: PlannedEntry[];
}

const periodText = (m: ClosingMonth) => `${m.ano}-${String(m.mes).padStart(2, '0')}`;

export function createClosingService(deps: {
  db: Db;
  repo: ClosingRepository;
  ledger: AppServices['ledger'];
  jobs: AppServices['jobs'];
  boleto: { bank: string; agreement: string; wallet: string };
}) {
  const { db, repo, ledger, jobs } = deps;

  /**
   * What the closing of period `fecId` (month `m`) writes for these holders, less what is already written (a resumed
   * or repeated closing): every service row in force (domain `serviceRowLines`: value, pro rata, rate) and the
   * postings' instalments of the month, in writing order (the services that post at the end last).
   */
  async function plan(tx: Executor, fecId: number, m: ClosingMonth, holders: readonly ClosingHolder[], all = false): Promise<HolderPlan[]> {
    const ids = all ? 'all' : holders.map((h) => h.cstId);
    // One after the other: a transaction is one connection, which runs one query at a time.
    const rows = await repo.serviceRows(tx, ids, firstDayOf(m), lastDayOf(m));
    const instalments = await repo.dueInstalments(tx, ids, m.ano, m.mes);
    const written = await repo.writtenKeys(tx, fecId, ids);
    const byHolder = new Map(holders.map((h) => [h.cstId, { holder: h, entries: [] as PlannedEntry[] }]));
    // The domain's lines depend on the row only through its value, its days in force in the month and the holder's rate
    // besides who and which row: computed once per such shape (the ~54,000 rows of 30,000 holders have a few hundred),
    // then given each row's person and id. A start before the month or an end after it is the month's own (as in
    // `daysInForce`). The preview plans every holder at once (issue 24 "Speed").
    const shapes = new Map<string, ClosingLine[]>();
    const first = firstDayOf(m);
    const last = lastDayOf(m);
    for (const { holderId, row, service } of rows) {
      const target = byHolder.get(holderId);
      if (!target) continue;
      const socio = target.holder.socio;
      const inicio = row.cslInicio !== null && row.cslInicio > first ? row.cslInicio : null;
      const fim = row.cslFim !== null && row.cslFim < last ? row.cslFim : null;
      const shape = `${service.svcId}|${row.valor}|${inicio}|${fim}|${socio}`;
      let lines = shapes.get(shape);
      if (!lines) {
        lines = serviceRowLines(m, service, { cstId: 0, cslId: 0, valor: row.valor, cslInicio: inicio, cslFim: fim }, socio);
        shapes.set(shape, lines);
      }
      for (const line of lines) {
        const key = closingLineKey(fecId, { kind: line.kind, cslId: row.cslId });
        if (written.has(key)) continue;
        target.entries.push({
          cstId: holderId,
          respId: row.cstId,
          svcId: line.svcId,
          cslId: row.cslId,
          descricao: line.descricao,
          valor: line.valor,
          tipo: 'fechamento',
          key,
          atEnd: line.atEnd,
        });
      }
    }
    for (const i of instalments) {
      const target = byHolder.get(i.cstId);
      const key = closingLineKey(fecId, { kind: 'parcela', cslId: null, pinId: i.pinId });
      if (!target || written.has(key)) continue;
      target.entries.push({
        cstId: i.cstId,
        respId: i.respId,
        svcId: i.svcId,
        descricao: `${i.descricao} — ${closingTexts.instalment(i.parcela, i.parcelas)}`,
        valor: i.valor,
        tipo: 'lancamento',
        key,
        atEnd: false,
      });
    }
    // Services that post at the end go after every other line of the holder (svcLancaNoFim).
    for (const p of byHolder.values()) if (p.entries.some((e) => e.atEnd)) p.entries = inWritingOrder(p.entries);
    return [...byHolder.values()];
  }

  // A due date depends only on the month, the billing day, the place and the holidays: once each per holiday set.
  const dueDates = new WeakMap<ReadonlySet<string>, Map<string, string>>();
  function dueDate(m: ClosingMonth, billingDay: number | null, bnkId: number, holidays: ReadonlySet<string>): string {
    let known = dueDates.get(holidays);
    if (!known) dueDates.set(holidays, (known = new Map()));
    const at = `${m.ano}|${m.mes}|${billingDay}|${bnkId}`;
    let date = known.get(at);
    if (date === undefined) known.set(at, (date = closingDueDate(m, billingDay, bnkId, holidays)));
    return date;
  }

  /** The charge of a holder who owes `owed` cents after the closing of month `m`: place, account and due date. */
  function chargeOf(holder: ClosingHolder, owed: number, m: ClosingMonth, holidays: ReadonlySet<string>): ClosingChargeRow | null {
    const bnkId = chargePlace(holder.bnkId);
    if (bnkId === null || owed <= 0) return null;
    const boleto = bnkId === BOLETO;
    const noBranch = boleto || bnkId === ASSOCIATION_PAYROLL;
    return {
      cstId: holder.cstId,
      bnkId,
      valor: owed,
      vencimento: dueDate(m, holder.billingDay, bnkId, holidays),
      agencia: noBranch ? null : holder.branch,
      agenciaDv: noBranch ? null : holder.branchDigit,
      conta: boleto ? null : holder.account,
      contaDv: boleto ? null : holder.accountDigit,
      boleto: boleto ? deps.boleto : null,
    };
  }

  const placeLabel = (bnkId: number) => debitPlaces.find((p) => p.bnkId === bnkId)?.bankName ?? String(bnkId);

  return {
    plan,
    chargeOf,

    /** GET financeiro/fechamento/previa: the open period's closing as it would be written now, nothing written. */
    async preview(): Promise<ClosingPreview> {
      return db.transaction(
        async (tx) => {
          const period = await ledger.openPeriod(tx);
          const m = { ano: period.fecAno, mes: period.fecMes };
          const holders = await repo.holders(tx, 'all');
          const plans = await plan(tx, period.fecId, m, holders, true);
          const balances = await repo.balances(tx, 'all');
          const range = dueDateHolidayRange(m);
          const holidays = await repo.holidays(tx, range.from, range.to);
          const services = new Map<number, { label: string; holders: Set<number>; entries: number; total: number }>();
          const places = new Map<number, { holders: number; entries: number; total: number }>();
          const charges = new Map<number, { count: number; total: number }>();
          let entries = 0;
          let total = 0;
          let billed = 0;
          for (const { holder, entries: lines } of plans) {
            const place = holder.bnkId ?? BOLETO;
            const sum = lines.reduce((s, e) => s + e.valor, 0);
            if (lines.length > 0) {
              billed += 1;
              const p = places.get(place) ?? { holders: 0, entries: 0, total: 0 };
              places.set(place, { holders: p.holders + 1, entries: p.entries + lines.length, total: p.total + sum });
            }
            for (const line of lines) {
              const s = services.get(line.svcId) ?? { label: line.descricao, holders: new Set<number>(), entries: 0, total: 0 };
              s.holders.add(holder.cstId);
              s.entries += 1;
              s.total += line.valor;
              services.set(line.svcId, s);
            }
            entries += lines.length;
            total += sum;
            const charge = chargeOf(holder, (balances.get(holder.cstId) ?? 0) + sum, m, holidays);
            if (charge) {
              const c = charges.get(charge.bnkId) ?? { count: 0, total: 0 };
              charges.set(charge.bnkId, { count: c.count + 1, total: c.total + charge.valor });
            }
          }
          const names = await repo.serviceNames(tx, [...services.keys()]);
          return {
            fecId: period.fecId,
            periodo: periodText(m),
            holders: billed,
            entries,
            total,
            byService: [...services.entries()]
              .map(([id, s]) => ({ id, label: names.get(id) ?? s.label, holders: s.holders.size, entries: s.entries, total: s.total }))
              .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
            byPlace: [...places.entries()].map(([id, p]) => ({ id, label: placeLabel(id), ...p })).sort((a, b) => a.id - b.id),
            charges: [...charges.entries()].map(([bnkId, c]) => ({ bnkId, label: placeLabel(bnkId), ...c })).sort((a, b) => a.bnkId - b.bnkId),
            chargesCount: [...charges.values()].reduce((s, c) => s + c.count, 0),
            chargesTotal: [...charges.values()].reduce((s, c) => s + c.total, 0),
          };
        },
        { accessMode: 'read only' },
      );
    },

    /** POST financeiro/fechamento: the confirmation is checked by the contract; starts the closing job (409 while one is open). */
    async start(user: SessionUser): Promise<{ message: string; jobId: string }> {
      const job = await jobs.start(user, CLOSING_COMMAND, '0');
      return { message: closingMessages.started, jobId: job.jobId };
    },

    /** GET financeiro/fechamentos. */
    async runs(): Promise<ClosingRun[]> {
      return (await repo.runs(db)).map(toRun);
    },

    /** The run of a job (created on its first attempt, for the period open then); its actor. */
    async runForJob(jobId: string, userId: number): Promise<{ run: ClosingRunRow; actor: Actor }> {
      return db.transaction(async (tx) => {
        const actor = await jobActor(tx, userId, closingMessages.jobLabel);
        const existing = await repo.runOfJob(tx, jobId);
        if (existing) return { run: existing, actor };
        await repo.failAbandoned(tx, closingMessages.abandoned);
        const period = await ledger.openPeriod(tx);
        await repo.insertRun(tx, { fecId: period.fecId, jobId, userId, userName: actor.name });
        return { run: (await repo.runOfJob(tx, jobId))!, actor };
      });
    },

    /** Audits a finished closing (one row per closing: its totals). */
    async audit(tx: Executor, run: ClosingRunRow, actor: Actor, after: Record<string, unknown>) {
      await writeAudit(tx, { category: CLOSING_AUDIT, entityId: `closing:${run.cloId}`, action: 'insert', user: actor, before: null, after });
    },
  };
}

export function toRun(r: ClosingRunRow): ClosingRun {
  return {
    cloId: r.cloId,
    fecId: r.fecId,
    periodo: periodText({ ano: r.fecAno, mes: r.fecMes }),
    status: r.status,
    jobId: r.jobId,
    startedByName: r.startedByName,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    holders: r.holders,
    entries: r.entries,
    total: r.total,
    charges: r.charges,
    chargesTotal: r.chargesTotal,
    difference: r.difference,
    message: r.message,
  };
}

export type ClosingServiceApi = ReturnType<typeof createClosingService>;
