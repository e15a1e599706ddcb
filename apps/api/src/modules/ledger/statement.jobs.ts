import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { documentJobMessages as m, periodLabel } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { jobActor } from '../jobs/jobs.actor.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import { emailDocuments, printDocuments, type DocumentJobSpec } from './document-jobs.js';

/** The period of a request's text: '' or '0' the last closed period, else a closed period's fecId. */
export const statementJobPayload = z.string().transform((userData, check) => {
  if (!userData || userData === '0') return { fecId: null };
  const fecId = Number(userData);
  if (Number.isSafeInteger(fecId) && fecId > 0) return { fecId };
  check.addIssue({ code: 'custom', message: m.invalidPeriod });
  return z.NEVER;
});

/** The closed period the job sends (the last one, or the one asked for); a JobFailure when there is none. */
async function closedPeriod(db: Executor, fecId: number | null) {
  const result = await db.execute<{ fec_id: number; fec_ano: number; fec_mes: number; locked_at: string }>(sql`
    select fec_id, fec_ano, fec_mes, locked_at from closing_periods where locked_at is not null
      ${fecId === null ? sql`` : sql`and fec_id = ${fecId}`}
     order by fec_ano desc, fec_mes desc limit 1`);
  const row = result.rows[0];
  if (!row) throw new JobFailure(fecId === null ? m.noClosedPeriod : m.invalidPeriod);
  return { fecId: row.fec_id, ano: row.fec_ano, mes: row.fec_mes, lockedAt: new Date(row.locked_at) };
}

async function statementSpec(app: FastifyInstance, db: Executor, fecId: number | null) {
  const period = await closedPeriod(db, fecId);
  const iso = `${period.ano}-${String(period.mes).padStart(2, '0')}`;
  const spec: DocumentJobSpec = {
    kind: 'extrato',
    optIn: sql`c.cust_extrato_por_email`,
    period: period.fecId,
    report: 'extrato',
    fileName: `extrato-${iso}.pdf`,
    subtitle: m.statementSubtitle(periodLabel(period.ano, period.mes)),
    load: (tx, ids) => app.services.ledger.statementDocuments(tx, period.fecId, ids),
  };
  return { period, spec };
}

/**
 * "Enviar extrato mensal por e-mail" (menu job `extrato-email`, issue 30 item 1): the last closed period's statement
 * PDF to every holder with statement by e-mail on (custExtratoPorEmail), situation not 5, with an e-mail, through the
 * outbox, once per holder and period (`emailDocuments`). Exclusive: one run at a time.
 */
export const statementEmailJob = (app: FastifyInstance) =>
  defineJob({
    command: 'extrato-email',
    payload: statementJobPayload,
    exclusive: true,
    async run(ctx) {
      const { period, spec } = await statementSpec(app, ctx.db, ctx.payload.fecId);
      const { subtitle, result } = await emailDocuments(ctx, app.services.documents, await jobActor(ctx.db, ctx.userId, 'Extrato'), {
        ...spec,
        template: { key: 'extrato', values: { mes: periodLabel(period.ano, period.mes) } },
      });
      return { subtitle, result };
    },
  });

/**
 * "Arquivo de extratos para gráfica" (menu job `extrato-impressora`, issue 30 item 1): one PDF of the last closed
 * period's statement of every holder whose statement does not go by e-mail, in the order of the address labels, its
 * page count in the result (`printDocuments`). Dated by the period's closing: the same file on every run.
 */
export const statementPrinterJob = (app: FastifyInstance) =>
  defineJob({
    command: 'extrato-impressora',
    payload: statementJobPayload,
    exclusive: true,
    async run(ctx) {
      const { period, spec } = await statementSpec(app, ctx.db, ctx.payload.fecId);
      const { subtitle, result } = await printDocuments(ctx, app.services.documents, {
        ...spec,
        fileName: `extratos-${period.ano}-${String(period.mes).padStart(2, '0')}-grafica.pdf`,
        now: period.lockedAt,
      });
      return { subtitle, result };
    },
  });
