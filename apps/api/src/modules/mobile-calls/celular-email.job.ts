import { formatDateTimeShort, menuJobMessages as mm, menuJobOutcome, mobileCallsColumns } from '@assoc/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { alreadyEmailed, emailOnce } from '../../lib/mass-email.js';
import { jobActor } from '../jobs/jobs.actor.js';
import { sheetXlsx } from '../../lib/xlsx-sheet.js';
import { defineJob } from '../jobs/jobs.define.js';

export const CELULAR_EMAIL_COMMAND = 'celular-email';
const BATCH = 200;

const label = (ano: number, mes: number) => `${String(mes).padStart(2, '0')}/${ano}`;

/** The month asked for (`YYYY-MM`), or the newest month with imported calls (the menu sends `0`). */
const payloadSchema = z.string().transform((text) => {
  const m = /^(\d{4})-(\d{2})$/.exec(text.trim());
  return m ? { ano: Number(m[1]), mes: Number(m[2]) } : null;
});

async function newestMonth(db: Executor) {
  const { rows } = await db.execute<{ ano: number; mes: number }>(sql`
    select mc_ano as ano, mc_mes as mes from mobile_calls order by mc_ano desc, mc_mes desc limit 1`);
  return rows[0] ?? null;
}

/** The holders with calls in the month after `after` (by cst_id), with their e-mail. */
async function holdersAfter(db: Executor, ano: number, mes: number, after: number, limit: number) {
  const { rows } = await db.execute<{ cstId: number; name: string; email: string | null }>(sql`
    select c.cst_id as "cstId", c.cust_name as name, nullif(trim(c.cust_email), '') as email
      from customers c
     where c.cst_id > ${after}
       and exists (select 1 from mobile_calls m where m.cst_id = c.cst_id and m.mc_ano = ${ano} and m.mc_mes = ${mes})
     order by c.cst_id limit ${limit}`);
  return rows;
}

async function countHolders(db: Executor, ano: number, mes: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(distinct cst_id)::int as n from mobile_calls where mc_ano = ${ano} and mc_mes = ${mes}`);
  return rows[0]?.n ?? 0;
}

/** One holder's calls of the month as the e-mail's sheet (the same rows as the member record's Extrato do celular). */
async function callsSheet(db: Executor, cstId: number, ano: number, mes: number) {
  const { rows } = await db.execute<{
    data: string;
    numero: string;
    responsavel: string;
    tipo: string;
    destino: string;
    qtde: number;
    valor: number;
  }>(sql`
    select mc_data::text as data, mc_numero as numero, mc_responsavel as responsavel, mc_tipo as tipo, mc_destino as destino,
           mc_qtde as qtde, mc_valor as valor
      from mobile_calls where cst_id = ${cstId} and mc_ano = ${ano} and mc_mes = ${mes} order by mc_data, mc_id`);
  const total = rows.reduce((sum, r) => sum + r.valor, 0);
  return sheetXlsx('Ligações', mobileCallsColumns, [
    ...rows.map((r) => ({ ...r, data: formatDateTimeShort(new Date(r.data)), valor: { cents: r.valor } })),
    { data: 'Total', numero: null, responsavel: null, tipo: null, destino: null, qtde: null, valor: { cents: total } },
  ]);
}

/**
 * "Extrato detalhado de celular por e-mail" (issue 30 item 1; v2menufincel): every holder with calls in the month (the
 * newest imported one unless `YYYY-MM` is asked) gets their calls as a spreadsheet through the outbox, ONCE per holder
 * and month (`mass_emails`, migration 0053): a second run, or a retry after the process was killed, queues nothing
 * again and goes on with the holders not sent yet. A holder without e-mail is listed in the result.
 */
export const celularEmailJob = (app: FastifyInstance) =>
  defineJob({
    command: CELULAR_EMAIL_COMMAND,
    payload: payloadSchema,
    exclusive: true,
    async run(ctx) {
      const month = ctx.payload ?? (await newestMonth(ctx.db));
      if (!month) return menuJobOutcome.nothing(mm.noMobileCalls);
      const mes = label(month.ano, month.mes);
      const period = `${month.ano}-${String(month.mes).padStart(2, '0')}`;
      const actor = await jobActor(ctx.db, ctx.userId, 'Extrato do celular');
      const total = await countHolders(ctx.db, month.ano, month.mes);
      const problems: string[] = [];
      let sent = 0;
      let before = 0;
      let done = 0;
      let after = 0;
      await ctx.progress(0, total, mm.mobileMonth(mes));
      for (;;) {
        const holders = await holdersAfter(ctx.db, month.ano, month.mes, after, BATCH);
        if (holders.length === 0) break;
        const emailed = await alreadyEmailed(
          ctx.db,
          CELULAR_EMAIL_COMMAND,
          period,
          holders.map((h) => h.cstId),
        );
        for (const holder of holders) {
          if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
          done += 1;
          if (emailed.has(holder.cstId)) before += 1;
          else if (!holder.email) problems.push(mm.noEmail(holder.name));
          else {
            try {
              const queued = await emailOnce(
                app.services.documents.emailTo,
                { kind: CELULAR_EMAIL_COMMAND, period, jobId: ctx.jobId },
                { email: holder.email, name: holder.name, cstId: holder.cstId },
                async () => ({ pdf: await callsSheet(ctx.db, holder.cstId, month.ano, month.mes), fileName: `extrato-celular-${period}.xlsx` }),
                { key: 'extratoCelular', values: { mes } },
                actor,
              );
              if (queued) sent += 1;
              else before += 1;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              problems.push(mm.notSent(holder.name, error.message));
            }
          }
          await ctx.progress(done, Math.max(total, done), mm.mobileMonth(mes));
        }
        after = holders[holders.length - 1]!.cstId;
      }
      return menuJobOutcome.emailed(mm.mobileMonth(mes), sent, before, problems);
    },
  });
