import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import { CAMPAIGN_COMMAND } from './marketing.service.js';

/**
 * `marketing-enviar`: a campaign's send (POST marketing/campanhas). The payload is the campaign's id. Idempotent: a
 * retry runs over the same set and queues only members without a recipient row (the key campaign + member, written
 * with the outbox row in one transaction). Progress every chunk.
 */
export const campaignJob = (app: FastifyInstance) =>
  defineJob({
    command: CAMPAIGN_COMMAND,
    payload: z.string().regex(/^\d{1,10}$/),
    run: async (ctx) => {
      const id = Number(ctx.payload);
      const done = await app.services.marketing.send(ctx.db, id, (current, total) => {
        if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
        return ctx.progress(current, total, 'Enviando para a fila de saída');
      });
      if (!done) throw new JobFailure('Campanha não encontrada');
      return { subtitle: `${done.queued} mensagens na fila de saída` };
    },
  });
