import { efetuadoCommands as c, efetuadoMessages as m, efetuadoPeriodPayload, efetuadoRangePayload, efetuadoServicePayload } from '@assoc/domain';
import type { z } from 'zod';
import { defineJob } from '../jobs/jobs.define.js';
import type { JobContext, JobOutcome } from '../jobs/jobs.types.js';
import type { EfetuadoReports, ReportFile } from './efetuado.reports.js';

/** Runs one report: reads (no writes but the job's attachment, so a retry simply starts over), attaches the file. */
async function attachReport(ctx: JobContext, build: () => Promise<ReportFile>): Promise<JobOutcome> {
  await ctx.progress(0, 1, m.reading);
  const file = await build();
  await ctx.attach({ name: file.name, mimeType: file.mimeType, data: file.data });
  await ctx.progress(1, 1, m.done(file.lines));
  return { subtitle: m.done(file.lines), result: file.name };
}

/**
 * The Efetuado screen's job commands (packages/domain jobCommands, `screenButton`): started by `GET jobs/send` with
 * the screen's userData (a closed period's fecId, `svcId-fecId`, or `start_end`), parsed by the domain's schemas.
 */
export function efetuadoJobs(reports: () => EfetuadoReports) {
  const period = (command: string, build: (r: EfetuadoReports, ctx: JobContext, p: z.output<typeof efetuadoPeriodPayload>) => Promise<ReportFile>) =>
    defineJob({ command, payload: efetuadoPeriodPayload, run: (ctx) => attachReport(ctx, () => build(reports(), ctx, ctx.payload)) });
  const range = (command: string, build: (r: EfetuadoReports, ctx: JobContext, p: z.output<typeof efetuadoRangePayload>) => Promise<ReportFile>) =>
    defineJob({ command, payload: efetuadoRangePayload, run: (ctx) => attachReport(ctx, () => build(reports(), ctx, ctx.payload)) });
  return [
    period(c.efetuado, (r, ctx, p) => r.efetuado(ctx.db, p.fecId)),
    period(c.saude, (r, ctx, p) => r.saude(ctx.db, p.fecId)),
    period(c.saudeExcel, (r, ctx, p) => r.saudeExcel(ctx.db, p.fecId)),
    defineJob({
      command: c.servico,
      payload: efetuadoServicePayload,
      run: (ctx) => attachReport(ctx, () => reports().servico(ctx.db, ctx.payload.svcId, ctx.payload.fecId)),
    }),
    range(c.tjsp, (r, ctx, p) => r.tjsp(ctx.db, p.start, p.end)),
    range(c.saudeDetalhado, (r, ctx, p) => r.saudeDetalhado(ctx.db, p.start, p.end)),
  ];
}
