import { fileImportMessages as m, formatDateTime, postingMessages, type ImportResult, type ImportStarted } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict } from '../../lib/errors.js';
import { OPEN_PERIOD_LOCK } from '../closing/closing.job.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import type { SessionUser } from '../auth/session.js';
import { isLegacyXls } from '../files/files.sniff.js';
import { readTableFile } from '../files/files.table.js';
import type { FileImportRepository } from './file-import.repository.js';
import { readPhoneInvoice } from './phone-invoice.parse.js';

export const PHONE_INVOICE_COMMAND = 'celular-importar';
/** An invoice of a few thousand lines a month; far more is not an invoice. */
export const PHONE_INVOICE_MAX_LINES = 200_000;

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

async function readInvoice(name: string, data: Buffer) {
  if (isLegacyXls(name, data)) throw badRequest(`file: ${postingMessages.xlsRefused}`);
  const lines = await readTableFile(name, data, {
    maxLines: PHONE_INVOICE_MAX_LINES,
    fileType: `file: ${m.fileType}`,
    tooManyLines: `file: ${m.tooManyLines(PHONE_INVOICE_MAX_LINES)}`,
  });
  const { calls, problems } = readPhoneInvoice(lines);
  if (problems.length) throw badRequest(`file: ${problems[0]!.message}`, { problems });
  if (calls.length === 0) throw badRequest(`file: ${m.empty}`);
  return calls;
}

/**
 * 'fatura-celular' (issue 25 item 5): the phone operator's invoice. The file is read whole before anything is written
 * (a malformed line refuses it with its number and reason); a month an earlier invoice already wrote is refused (a
 * corrected invoice of the same month would double the calls and the postings: the earlier import's calls must go
 * first, which is not a screen of ours); then the import job writes it.
 */
export function phoneInvoiceType(app: FastifyInstance, repo: FileImportRepository) {
  return {
    async start(user: SessionUser, file: { name: string; data: Buffer }): Promise<ImportStarted> {
      const calls = await readInvoice(file.name, file.data);
      await app.services.bankImport.checkNotImported('fatura-celular', file.data);
      const months = [...new Set(calls.map((c) => c.date.slice(0, 7)))];
      const earlier = await repo.importedMonths(app.db, months);
      if (earlier.length) throw conflict(m.monthImported(monthLabel(earlier[0]!.month), formatDateTime(earlier[0]!.at)));
      return app.services.bankImport.startImport(user, { origin: 'arquivo', tipo: 'fatura-celular', ...file, command: PHONE_INVOICE_COMMAND });
    },
  };
}

/**
 * The invoice's job: each call matched to the person whose phone plan has that line (unmatched lines listed, never
 * skipped silently), the calls written into the mobile statement (mobile_calls), and each line's month total posted
 * to that phone-plan service in the holder's ledger (`app.services.ledger`, key import + row + month). One transaction:
 * a killed job wrote nothing and its retry starts over.
 */
export const phoneInvoiceJob = (app: FastifyInstance, repo: FileImportRepository) =>
  defineJob({
    command: PHONE_INVOICE_COMMAND,
    payload: z.string().regex(/^\d{1,10}$/),
    // It writes ledger entries into the open period: never while a closing (or a posting batch) runs.
    exclusive: OPEN_PERIOD_LOCK,
    async run(ctx) {
      const importId = Number(ctx.payload);
      const imports = app.services.bankImport;
      const row = await imports.get(importId);
      if (!row) throw new JobFailure(`Importação ${importId} não encontrada`);
      if (row.status !== 'running') return { result: row.status };
      const file = row.scanId ? await ctx.files.find(row.scanId) : null;
      if (!file) throw new JobFailure(`Arquivo da importação ${importId} não encontrado`);
      const calls = await readInvoice(row.fileName, await ctx.files.bytes(file));
      await ctx.progress(0, calls.length, 'Importando ligações');

      const owners = await repo.owners(ctx.db, [...new Set(calls.map((c) => c.phone))]);
      const matched = calls.flatMap((c) => {
        const owner = owners.get(c.phone);
        return owner ? [{ ...c, owner }] : [];
      });
      const unmatched = calls.filter((c) => !owners.has(c.phone));
      const totals = new Map<string, { owner: (typeof matched)[number]['owner']; month: string; value: number }>();
      for (const c of matched) {
        const key = `${c.owner.cslId}:${c.date.slice(0, 7)}`;
        const t = totals.get(key) ?? { owner: c.owner, month: c.date.slice(0, 7), value: 0 };
        t.value += c.value;
        totals.set(key, t);
      }
      const postings = [...totals.entries()].filter(([, t]) => t.value > 0);
      const actor = { userId: row.createdBy ?? ctx.userId, name: row.createdByName || 'Importação' };
      const message = m.done(matched.length, new Set(matched.map((c) => c.owner.holder)).size, unmatched.length);
      const result: ImportResult = {
        records: calls.length,
        paid: { count: postings.length, total: postings.reduce((sum, [, t]) => sum + t.value, 0) },
        rejected: { count: 0, total: 0 },
        writtenOff: { count: 0, total: 0 },
        other: 0,
        alreadySettled: 0,
        problems: unmatched.map((c) => ({ line: c.line, kind: 'unmatched', message: m.unmatched(c.phone), cobId: null })),
      };
      await ctx.db.transaction(async (tx) => {
        await repo.insertCalls(tx, importId, matched);
        await app.services.ledger.addEntries(
          tx,
          postings.map(([key, t]) => ({
            cstId: t.owner.holder,
            respId: t.owner.person,
            svcId: t.owner.svcId,
            cslId: t.owner.cslId,
            descricao: m.posting(monthLabel(t.month), t.owner.phone),
            valor: t.value,
            key: `fatura:${importId}:${key}`,
          })),
          actor,
        );
        await imports.finish(tx, importId, { status: 'done', message, result });
      });
      await ctx.progress(calls.length, calls.length);
      return { subtitle: message, result: message };
    },
  });
