import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import { CAMPAIGN_COMMAND } from './marketing.service.js';

/**
 * `marketing-enviar`: a campaign's send (POST marketing/campanhas). The payload is the campaign's id. Idempotent: a
 * retry runs over the same set and queues only members without a recipient row (the key campaign + member, written
 * with the outbox row in one transaction). Progress every chunk. A template gone since the campaign was made ends the
 * job failed and the campaign 'falhou' (the members already queued stay queued).
 */
export const campaignJob = (app: FastifyInstance) =>
  defineJob({
    command: CAMPAIGN_COMMAND,
    payload: z.string().regex(/^\d{1,10}$/),
    run: async (ctx) => {
      const id = Number(ctx.payload);
      let done;
      try {
        done = await app.services.marketing.send(ctx.db, id, (current, total) => {
          if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
          return ctx.progress(current, total, 'Enviando para a fila de saída');
        });
      } catch (err) {
        // A business refusal (a template deleted or changed since the campaign was made): no retry can help.
        if (err instanceof AppError && err.code === 'badRequest') {
          await app.services.marketing.finish(ctx.db, id, 'falhou');
          throw new JobFailure(err.message);
        }
        throw err;
      }
      if (!done) throw new JobFailure('Campanha não encontrada');
      return { subtitle: `${done.queued} mensagens na fila de saída` };
    },
  });
