import { z } from 'zod';
import { addMonths, closingTexts, formatCents, postingMessages, splitInstalments } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { forEachChunk } from '../jobs/jobs.chunks.js';
import { JobFailure, type JobContext, type JobOutcome } from '../jobs/jobs.types.js';
import { OPEN_PERIOD_LOCK } from '../closing/closing.job.js';
import type { NewEntry } from '../ledger/ledger.service.js';
import type { NewInstalment, PostingLine, PostingsRepository } from './postings.repository.js';
import { POSTING_COMMAND } from './postings.service.js';

/** Rows per chunk: one transaction each, with its checkpoint. */
export const POSTING_CHUNK = 2000;

/** The ledger key of a row's first instalment: a retried chunk or job writes nothing twice. */
export const postingEntryKey = (lanId: number, rowIndex: number) => `lanc:${lanId}:${rowIndex}:1`;

/** A posted line's text: the service's name, and "— Parcela k/n" when split (the closing writes the later ones alike). */
export const postingText = (svcName: string, k: number, n: number) => (n > 1 ? `${svcName} — ${closingTexts.instalment(k, n)}` : svcName);

/** A row's instalments in cents: a negative row (a discount) splits its absolute value. */
export const instalmentsOf = (value: number, n: number) => (value < 0 ? splitInstalments(-value, n).map((v) => -v) : splitInstalments(value, n));

type State = { rows: number; total: number };

/**
 * Posts a batch (issue 24 item 1): for each row, instalment 1 as a ledger entry in the open period (through the ledger,
 * keyed `lanc:<lanId>:<row>:1`) and instalments 2..n as `posting_instalments` of the following months, which each
 * closing writes in its month. In chunks with checkpoints: killed and retried, nothing is written twice (the keys and
 * the instalments' unique (lan, row, parcela) make a repeated chunk a no-op).
 */
export async function runPosting(
  ctx: Pick<JobContext, 'jobId' | 'userId' | 'db' | 'progress'> & { signal?: AbortSignal },
  deps: { repo: PostingsRepository; ledger: FastifyInstance['services']['ledger'] },
  lanId: number,
  chunk = POSTING_CHUNK,
): Promise<JobOutcome> {
  const { repo, ledger } = deps;
  const batch = await repo.batch(ctx.db, lanId);
  if (!batch) throw new JobFailure(postingMessages.failed);
  const actor = { userId: batch.createdBy ?? ctx.userId, name: batch.createdByName || postingMessages.jobLabel };
  const result = await forEachChunk<PostingLine, number, State>(ctx, {
    size: chunk,
    total: batch.rows,
    initial: { rows: 0, total: 0 },
    fetch: (tx, after, limit) => repo.lines(tx, lanId, after ?? -1, limit),
    key: (line) => line.i,
    async run(tx, lines, state) {
      // The open period of this chunk: the closing cannot run meanwhile (same lock).
      const open = await ledger.openPeriod(tx);
      const month = { ano: open.fecAno, mes: open.fecMes };
      const entries: NewEntry[] = [];
      const later: NewInstalment[] = [];
      for (const line of lines) {
        const parts = instalmentsOf(line.value, line.parcelas);
        entries.push({
          cstId: line.cstId,
          respId: line.respId,
          svcId: batch.svcId,
          descricao: postingText(batch.svcName, 1, line.parcelas),
          valor: parts[0]!,
          tipo: 'lancamento',
          key: postingEntryKey(lanId, line.i),
        });
        for (let k = 2; k <= line.parcelas; k += 1) {
          later.push({
            lanId,
            rowIndex: line.i,
            cstId: line.cstId,
            respId: line.respId,
            svcId: batch.svcId,
            descricao: batch.svcName.slice(0, 120),
            parcela: k,
            parcelas: line.parcelas,
            valor: parts[k - 1]!,
            ...addMonths(month, k - 1),
          });
        }
      }
      await ledger.addEntries(tx, entries, actor, { audit: 'caller' });
      await repo.insertInstalments(tx, later);
      return { state: { rows: state.rows + lines.length, total: state.total + lines.reduce((s, l) => s + l.value, 0) } };
    },
  });
  const message = postingMessages.done(result.state.rows, formatCents(result.state.total));
  return { subtitle: message, result: message };
}

/** The posting batches' job (`lancamentos`, started by POST lancamentos and lancamentos/files; exclusive with the closing). */
export const postingJob = (app: FastifyInstance, repo: PostingsRepository) =>
  defineJob({
    command: POSTING_COMMAND,
    payload: z.string().regex(/^\d{1,10}$/),
    exclusive: OPEN_PERIOD_LOCK,
    run: (ctx) => runPosting(ctx, { repo, ledger: app.services.ledger }, Number(ctx.payload)),
  });
