import { z } from 'zod';
import { isoDateInAppZone } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import type { FilterRepository } from './filter.repository.js';
import { buildExport, FILTER_EXPORT_COMMAND } from './filter.service.js';

/**
 * `filtro-exportar`: a filter's export above 5,000 rows (POST filter/exportar). The payload is the id of the stored
 * request (filter_exports). Reads only and attaches one file at the end: a retry starts over (the attachment of an
 * earlier attempt is replaced). Progress every batch of the cursor.
 */
export const filterExportJob = (app: FastifyInstance, repo: FilterRepository) =>
  defineJob({
    command: FILTER_EXPORT_COMMAND,
    payload: z.string().regex(/^\d{1,10}$/),
    run: async (ctx) => {
      const stored = await app.services.filter.exportRequest(ctx.db, Number(ctx.payload));
      if (!stored) throw new JobFailure('Exportação não encontrada');
      const total = await repo.count(ctx.db, stored.request.query, { today: isoDateInAppZone() });
      await ctx.progress(0, total, 'Lendo associados');
      const file = await buildExport(ctx.db, repo, stored.request, (done) => {
        if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
        return ctx.progress(done, Math.max(total, done), 'Lendo associados');
      });
      await ctx.attach({ name: file.name, mimeType: file.mimeType, data: file.data });
      return { subtitle: `${file.rows} pessoas exportadas` };
    },
  });
