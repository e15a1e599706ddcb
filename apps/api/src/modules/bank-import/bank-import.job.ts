import { bankImportMessages, formatCents, isoDateInAppZone, type BankReturnType, type ImportResult } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineJob } from '../jobs/jobs.define.js';
import { forEachChunk } from '../jobs/jobs.chunks.js';
import { JobFailure, type JobContext, type JobOutcome } from '../jobs/jobs.types.js';
import type { BankImportRepository, LineReturn } from './bank-import.repository.js';
import type { ReturnInput } from '../charges/charges.service.js';
import { readReturn, type ReturnRecord } from './bank-import.read.js';
import { BANK_IMPORT_COMMAND, PAYROLL_FILE_IMPORT_COMMAND } from './bank-import.service.js';

/** Records per chunk: one transaction each, with its checkpoint. */
export const IMPORT_CHUNK = 1000;

type Tally = { count: number; total: number };
type Counts = { records: number; paid: Tally; rejected: Tally; writtenOff: Tally; other: number; alreadySettled: number };
type Problem = ImportResult['problems'][number];

const add = (t: Tally, value: number): Tally => ({ count: t.count + 1, total: t.total + value });

/** The ledger key of a paid record: bank + NSA + line, so the same record never credits twice. */
export const returnEntryKey = (bankCode: string, nsa: number, line: number) => `retorno:${bankCode}:${nsa}:${line}`;

/**
 * Imports one bank return (issue 25 item 3): a file refused whole (trailer, not a return, another bank) writes nothing
 * but the reason; otherwise each record, in chunks with checkpoints (a killed job resumes after its last committed
 * chunk), settles the charge the remittance sent: the line's status with the bank's code and text, the charge's return
 * (`recordReturns`: cobRetorno, cdrCodRet, the payment credit keyed by bank + NSA + record). Every record that settles
 * nothing is listed in the result: no charge, already settled, a different paid value, a bad line.
 */
export async function runBankImport(
  ctx: Pick<JobContext, 'jobId' | 'userId' | 'db' | 'progress' | 'files'> & { signal?: AbortSignal },
  deps: { repo: BankImportRepository; charges: FastifyInstance['services']['charges']; banks: { magiscred: string; boleto: string } },
  importId: number,
  chunk = IMPORT_CHUNK,
): Promise<JobOutcome> {
  const { repo, charges } = deps;
  const row = await repo.get(ctx.db, importId);
  if (!row) throw new JobFailure(`Importação ${importId} não encontrada`);
  if (row.status !== 'running') return { result: row.status };
  const file = row.scanId ? await ctx.files.find(row.scanId) : null;
  if (!file) throw new JobFailure(`Arquivo da importação ${importId} não encontrado`);
  const read = readReturn(row.tipo as BankReturnType, new Uint8Array(await ctx.files.bytes(file)), deps.banks);
  const readerProblems: Problem[] = read.problems.map((p) => ({ line: p.line, kind: p.kind, message: p.message }));
  if (read.refusal) {
    await ctx.db.transaction((tx) =>
      repo.finish(tx, importId, { status: 'refused', message: read.refusal, result: null, bankCode: read.bankCode, nsa: read.nsa }),
    );
    throw new JobFailure(read.refusal);
  }

  const actor = { userId: row.createdBy ?? ctx.userId, name: row.createdByName || 'Importação' };
  const today = isoDateInAppZone();
  const done = await forEachChunk<ReturnRecord, number, Counts>(ctx, {
    size: chunk,
    total: read.records.length,
    subtitle: 'Importando registros',
    initial: {
      records: 0,
      paid: { count: 0, total: 0 },
      rejected: { count: 0, total: 0 },
      writtenOff: { count: 0, total: 0 },
      other: 0,
      alreadySettled: 0,
    },
    fetch: async (_tx, after, limit) => read.records.filter((r) => r.line > (after ?? 0)).slice(0, limit),
    key: (r) => r.line,
    async run(tx, records, state) {
      let counts = { ...state, records: state.records + records.length };
      const problems: Problem[] = [];
      // Set-based per chunk (issue 25 "Speed": 20,000 records ≤ 10 s): the charges read and locked at once, then the
      // records applied in file order to that state in memory, then the lines and the charges written at once.
      const cobIdOf = (r: ReturnRecord) => (/^\d{1,9}$/.test(r.chargeId) ? Number(r.chargeId) : null);
      const found = await repo.remitted(
        tx,
        read.bnkId,
        records.map(cobIdOf).filter((id) => id !== null),
      );
      const lines = new Map<string, { rmId: number; cobId: number; ret: LineReturn }>();
      const returns: ReturnInput[] = [];
      for (const r of records) {
        const cobId = cobIdOf(r);
        const line = cobId === null ? undefined : found.get(cobId);
        if (!line) {
          problems.push({ line: r.line, kind: 'unmatched', message: bankImportMessages.unmatched(r.chargeId), cobId: null });
          continue;
        }
        const ret = { status: r.status, code: r.code, description: r.description, date: r.date ?? today, paidValue: r.paid || null, importId };
        const settleLine = () => {
          lines.set(`${line.rmId}:${line.cobId}`, { rmId: line.rmId, cobId: line.cobId, ret });
          line.lineStatus = ret.status;
        };
        if (r.chargeCode === null) {
          // A confirmation (or an unknown code) settles nothing: noted on a line still waiting.
          if (line.lineStatus === 'pending' || line.lineStatus === 'confirmed') settleLine();
          counts = { ...counts, other: counts.other + 1 };
          continue;
        }
        if (line.cobRetorno !== null) {
          problems.push({ line: r.line, kind: 'already', message: bankImportMessages.alreadySettled(line.cobId), cobId: line.cobId });
          counts = { ...counts, alreadySettled: counts.alreadySettled + 1 };
          continue;
        }
        settleLine();
        line.cobRetorno = ret.date;
        const paid = r.status === 'paid';
        returns.push({
          cobId: line.cobId,
          code: r.chargeCode,
          date: ret.date,
          ...(paid ? { payment: { value: r.paid, key: returnEntryKey(read.bankCode, read.nsa, r.line) } } : {}),
        });
        if (paid && r.paid !== line.value) {
          problems.push({
            line: r.line,
            kind: 'value',
            message: bankImportMessages.valueDiffers(line.cobId, formatCents(line.value), formatCents(r.paid)),
            cobId: line.cobId,
          });
        }
        if (paid) counts = { ...counts, paid: add(counts.paid, r.paid) };
        else if (r.status === 'rejected') counts = { ...counts, rejected: add(counts.rejected, line.value) };
        else counts = { ...counts, writtenOff: add(counts.writtenOff, line.value) };
      }
      await repo.settleLines(tx, [...lines.values()]);
      await charges.recordReturns(tx, returns, actor);
      return { state: counts, output: JSON.stringify(problems) };
    },
  });

  const problems = [...readerProblems, ...done.outputs.flatMap((o) => JSON.parse(o) as Problem[])].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const result: ImportResult = { ...done.state, problems };
  const message = bankImportMessages.done(result.records, result.paid.count, result.rejected.count);
  await ctx.db.transaction((tx) => repo.finish(tx, importId, { status: 'done', message, result, bankCode: read.bankCode, nsa: read.nsa }));
  return { subtitle: message, result: message };
}

/**
 * The return's job, under Importar banco's command and Importar arquivo's payroll command (the same work; each screen's
 * role may start its own).
 */
export const bankImportJobs = (app: FastifyInstance, repo: BankImportRepository) =>
  [BANK_IMPORT_COMMAND, PAYROLL_FILE_IMPORT_COMMAND].map((command) =>
    defineJob({
      command,
      payload: z.string().regex(/^\d{1,10}$/),
      // One import at a time across instances: two files settling the same charges would race.
      exclusive: 'bank-import',
      run: (ctx) =>
        runBankImport(
          ctx,
          {
            repo,
            charges: app.services.charges,
            banks: { magiscred: app.config.DEBIT_MAGISCRED_BANK_CODE, boleto: app.config.BOLETO_BANK },
          },
          Number(ctx.payload),
        ),
    }),
  );
