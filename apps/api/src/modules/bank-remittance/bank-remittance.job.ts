import { formatCents } from '@assoc/domain';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { remittanceTexts, REMITTANCE_COMMAND } from './bank-remittance.service.js';
import { userNameOf } from './bank-remittance.repository.js';

/**
 * "Gerar remessa de cobrança" (issue 25 item 1): one file per debit place of the charges not sent yet. Exclusive (one
 * remittance at a time across instances: two runs would both see the same unsent charges). Each file is its own
 * transaction, so a retry after a crash goes on with the places whose charges are still unsent, never sends one twice.
 */
export const remittanceJob = (app: FastifyInstance) =>
  defineJob({
    command: REMITTANCE_COMMAND,
    payload: z.string(),
    exclusive: true,
    async run(ctx) {
      const actor = { userId: ctx.userId, name: (await userNameOf(ctx.db, ctx.userId)) ?? 'Remessa' };
      const run = await app.services.bankRemittance.generate({ actor, jobId: ctx.jobId, progress: (d, t, s) => ctx.progress(d, t, s) });
      for (const file of run.files) await ctx.files.attach('job', ctx.jobId, file.fileId);
      const lines = run.files.map((f) => remittanceTexts.file(app.services.bankRemittance.bankName(f.bnkId), f.records, formatCents(f.total)));
      const result = [...(lines.length ? lines : [remittanceTexts.nothing]), ...run.skipped].join('\n');
      return { subtitle: lines.length ? `${lines.length} arquivo(s)` : remittanceTexts.nothing, result };
    },
  });
