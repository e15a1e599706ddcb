import { boletosEmailMessages, formatCents, remittanceMessages } from '@assoc/domain';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { REMITTANCE_COMMAND } from './bank-remittance.service.js';
import { jobActor } from '../jobs/jobs.actor.js';
import type { BankRemittanceRepository } from './bank-remittance.repository.js';
import { AppError } from '../../lib/errors.js';

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
      const actor = await jobActor(ctx.db, ctx.userId, 'Remessa');
      const run = await app.services.bankRemittance.generate({ actor, jobId: ctx.jobId, progress: (d, t, s) => ctx.progress(d, t, s) });
      for (const file of run.files) await ctx.files.attach('job', ctx.jobId, file.fileId);
      const lines = run.files.map((f) => remittanceMessages.file(app.services.bankRemittance.bankName(f.bnkId), f.records, formatCents(f.total)));
      const result = [...(lines.length ? lines : [remittanceMessages.nothing]), ...run.skipped].join('\n');
      return { subtitle: lines.length ? `${lines.length} arquivo(s)` : remittanceMessages.nothing, result };
    },
  });

export const BOLETOS_EMAIL_COMMAND = 'boletos-email';

/**
 * "Enviar boletos gerados por e-mail" (issue 25 item 6): every boleto of the newest CNAB 240 remittance to its holder,
 * with the PDF, through the outbox (`charges.emailBoleto`: the same e-mail as the member record's), ONCE: the line is
 * marked in the transaction that queues its e-mail, so a second run or a retry after a crash sends nothing again.
 * Boletos already paid or written off are left out; a holder without e-mail is listed in the result.
 */
export const boletosEmailJob = (app: FastifyInstance, repo: BankRemittanceRepository) =>
  defineJob({
    command: BOLETOS_EMAIL_COMMAND,
    payload: z.string(),
    exclusive: true,
    async run(ctx) {
      const actor = await jobActor(ctx.db, ctx.userId, 'Boletos');
      const lines = await repo.boletosToEmail(ctx.db);
      const problems: string[] = [];
      let sent = 0;
      for (const [i, line] of lines.entries()) {
        if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
        await ctx.progress(i, lines.length, line.name);
        try {
          let queued = false;
          await app.services.charges.emailBoleto(line.cobId, actor, async (tx, outboxId) => {
            await repo.markEmailed(tx, line, outboxId);
            queued = true;
          });
          if (queued) sent += 1;
        } catch (error) {
          // A refusal of one boleto (no e-mail, no longer a boleto) is that line's; anything else stops the job (retried).
          if (!(error instanceof AppError)) throw error;
          problems.push(boletosEmailMessages.notSent(line.cobId, line.name, error.message));
        }
      }
      await ctx.progress(lines.length, lines.length);
      const summary = lines.length ? boletosEmailMessages.sent(sent) : boletosEmailMessages.none;
      return { subtitle: summary, result: [summary, ...problems].join('\n') };
    },
  });
