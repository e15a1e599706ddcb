import { z } from 'zod';
import { closingMessages, dueDateHolidayRange, formatCents, periodLabel } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { forEachChunk } from '../jobs/jobs.chunks.js';
import { JobFailure, type JobContext, type JobOutcome } from '../jobs/jobs.types.js';
import type { ClosingHolder, ClosingRepository } from './closing.repository.js';
import { CLOSING_COMMAND, type ClosingServiceApi } from './closing.service.js';

/** Holders per chunk: one transaction each, with its checkpoint (about 8 entries per holder). */
export const CLOSING_CHUNK = 1000;
/**
 * The lock of the jobs that write into the open period: the closing and the posting batches. One runs at a time across
 * instances, so no posting lands in a period while it is being closed.
 */
export const OPEN_PERIOD_LOCK = 'ledger:open-period';

type EntriesState = { holders: number; entries: number; total: number };

/**
 * The monthly closing (issue 24 item 2) of the period open when it first started, resumable after a crash at any
 * point and never writing anything twice:
 * 1. the entries, holder by holder in chunks (each chunk's entries and its checkpoint in one transaction; keys
 *    period + row + kind make a repeated line a no-op);
 * 2. the charges, in chunks: one per holder who owes something (`holderDebtSql`), at the holder's debit place as it
 *    is now, due on the billing day of the next month (domain `closingDueDate`);
 * 3. in one transaction: the check (the period's charges sum to what the billed holders owe; else the job fails with
 *    the difference and the period stays open), the lock of the period and the opening of the next, the closing's
 *    audit row.
 */
export async function runClosing(
  ctx: Pick<JobContext, 'jobId' | 'userId' | 'db' | 'progress'> & { signal?: AbortSignal },
  deps: { service: ClosingServiceApi; repo: ClosingRepository; ledger: FastifyInstance['services']['ledger'] },
  /** Holders per chunk (tests use small chunks to cut a closing in the middle). */
  chunk = CLOSING_CHUNK,
): Promise<JobOutcome> {
  const { service, repo, ledger } = deps;
  const { run, actor } = await service.runForJob(ctx.jobId, ctx.userId);
  const month = { ano: run.fecAno, mes: run.fecMes };
  const label = periodLabel(month.ano, month.mes);
  if (run.status === 'done') return { subtitle: run.message ?? '', result: run.message ?? '' };
  if (run.status === 'failed') throw new JobFailure(run.message ?? closingMessages.abandoned);

  const holderCount = await repo.holderCount(ctx.db);

  const entries = await forEachChunk<ClosingHolder, number, EntriesState>(ctx, {
    name: 'lancamentos',
    size: chunk,
    total: holderCount,
    subtitle: closingMessages.phaseEntries,
    initial: { holders: 0, entries: 0, total: 0 },
    fetch: (tx, after, limit) => repo.holders(tx, { after: after ?? 0, limit }),
    key: (h) => h.cstId,
    async run(tx, holders, state) {
      const plans = await service.plan(tx, run.fecId, month, holders);
      const lines = plans.flatMap((p) => p.entries);
      if (lines.length > 0) await ledger.addEntries(tx, lines, actor, { audit: 'caller' });
      return {
        state: {
          holders: state.holders + plans.filter((p) => p.entries.length > 0).length,
          entries: state.entries + lines.length,
          total: state.total + lines.reduce((s, e) => s + e.valor, 0),
        },
      };
    },
  });

  const range = dueDateHolidayRange(month);
  const holidays = await repo.holidays(ctx.db, range.from, range.to);
  await forEachChunk<ClosingHolder, number, number>(ctx, {
    name: 'cobrancas',
    size: chunk,
    total: holderCount,
    subtitle: closingMessages.phaseCharges,
    initial: 0,
    fetch: (tx, after, limit) => repo.holders(tx, { after: after ?? 0, limit }),
    key: (h) => h.cstId,
    async run(tx, holders, state) {
      const ids = holders.map((h) => h.cstId);
      const balances = await repo.balances(tx, ids);
      const rows = holders.flatMap((h) => service.chargeOf(h, balances.get(h.cstId) ?? 0, month, holidays) ?? []);
      await repo.writeCharges(tx, run.fecId, ids, rows, actor.userId);
      return { state: state + rows.length };
    },
  });

  return ctx.db.transaction(async (tx) => {
    const totals = await repo.totals(tx, run.fecId);
    const difference = totals.chargesTotal - totals.owed;
    const summary = { ...entries.state, charges: totals.charges, chargesTotal: totals.chargesTotal };
    if (difference !== 0) {
      const message = closingMessages.unbalanced(formatCents(Math.abs(difference)));
      // Recorded in its own statement so the failure stays when this transaction is rolled back by the throw.
      await repo.finishRun(ctx.db, run.cloId, { status: 'failed', ...summary, difference, message });
      throw new JobFailure(message);
    }
    // Only the period this run billed is locked (one closing at a time, so it is still the open one).
    if ((await ledger.openPeriod(tx)).fecId !== run.fecId) throw new JobFailure(closingMessages.abandoned);
    const { locked, open } = await ledger.lockOpenPeriod(tx, actor);
    const message = closingMessages.done(label, entries.state.holders, totals.charges);
    await repo.finishRun(tx, run.cloId, { status: 'done', ...summary, difference: 0, message });
    await service.audit(tx, run, actor, { fecId: locked.fecId, periodo: label, next: open.fecId, ...summary });
    return { subtitle: message, result: message };
  });
}

/** The closing's job (`fechamento`, started by POST financeiro/fechamento only; exclusive with the posting batches). */
export const closingJob = (app: FastifyInstance, repo: ClosingRepository) =>
  defineJob({
    command: CLOSING_COMMAND,
    payload: z.string(),
    exclusive: OPEN_PERIOD_LOCK,
    run: (ctx) => runClosing(ctx, { service: app.services.closing, repo, ledger: app.services.ledger }),
  });
