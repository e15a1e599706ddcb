import { formatCpf, formatDate, formatNumeroInterno, healthExportColumns, menuJobMessages as mm, menuJobOutcome } from '@assoc/domain';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { alreadyEmailed, emailOnce } from '../../lib/mass-email.js';
import { jobActor } from '../jobs/jobs.actor.js';
import { sheetXlsx, XLSX_MIME, type SheetCell } from '../../lib/xlsx-sheet.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure, type JobContext } from '../jobs/jobs.types.js';
import type { HealthDeclarationRepository } from './health-declaration.repository.js';
import { beneficiaryRows } from './health-declaration.service.js';

export const HEALTH_EMAIL_COMMAND = 'declaracaosaude-email';
export const HEALTH_EXPORT_COMMAND = 'declaracaosaude-export';
const BATCH = 200;

const monthLabel = (p: { fecAno: number; fecMes: number }) => `${String(p.fecMes).padStart(2, '0')}/${p.fecAno}`;

/** The plan (^21 / ^22 of the menu's target, sent as the userData) and the newest locked period. */
async function planAndPeriod(ctx: JobContext, repo: HealthDeclarationRepository) {
  const plan = ctx.plan;
  if (plan !== 21 && plan !== 22) throw new JobFailure('Plano de saúde inválido');
  const period = await repo.latestLockedPeriod(ctx.db);
  return { plan, period };
}

/** Walks the plan's holders in cst_id order, a page at a time; `tick` reports one holder done. */
async function forEachHolder(
  ctx: JobContext,
  repo: HealthDeclarationRepository,
  plan: number,
  period: { fecAno: number; fecMes: number },
  subtitle: string,
  visit: (holders: Awaited<ReturnType<HealthDeclarationRepository['planHoldersAfter']>>, tick: () => Promise<void>) => Promise<void>,
) {
  const total = await repo.countPlanHolders(ctx.db, plan, period.fecAno, period.fecMes);
  let done = 0;
  let after = 0;
  await ctx.progress(0, total, subtitle);
  for (;;) {
    if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
    const holders = await repo.planHoldersAfter(ctx.db, plan, period.fecAno, period.fecMes, after, BATCH);
    if (holders.length === 0) break;
    await visit(holders, async () => {
      done += 1;
      await ctx.progress(done, Math.max(total, done), subtitle);
    });
    after = holders[holders.length - 1]!.cstId;
  }
  return done;
}

/**
 * "Declaração de saúde por e-mail (plano 21 / 22)" (issue 30 item 1; spec 1 §2 `^21`/`^22`): each holder of whom the
 * holder or a dependent is in the plan in the newest closed period gets the plan's declaration (the member record's
 * `user/emailsaude` PDF, for that plan) through the outbox, ONCE per plan, period and holder (`mass_emails`): a second
 * run, or a retry after the process was killed, queues nothing again. A holder without e-mail is listed in the result.
 */
export const healthEmailJob = (app: FastifyInstance, repo: HealthDeclarationRepository) =>
  defineJob({
    command: HEALTH_EMAIL_COMMAND,
    payload: z.string(),
    exclusive: true,
    async run(ctx) {
      const { plan, period } = await planAndPeriod(ctx, repo);
      if (!period) return menuJobOutcome.nothing(mm.noLockedPeriod);
      const kind = `${HEALTH_EMAIL_COMMAND}:${plan}`;
      const key = { kind, period: String(period.fecId), jobId: ctx.jobId };
      const subtitle = mm.healthPeriod(plan, monthLabel(period));
      const actor = await jobActor(ctx.db, ctx.userId, 'Declaração de saúde');
      const problems: string[] = [];
      let sent = 0;
      let before = 0;
      await forEachHolder(ctx, repo, plan, period, subtitle, async (holders, tick) => {
        const emailed = await alreadyEmailed(
          ctx.db,
          kind,
          key.period,
          holders.map((h) => h.cstId),
        );
        for (const holder of holders) {
          if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
          if (emailed.has(holder.cstId)) before += 1;
          else if (!holder.email) problems.push(mm.noEmail(holder.name));
          else {
            try {
              const month = monthLabel(period);
              const queued = await emailOnce(
                app.services.documents.emailTo,
                key,
                { email: holder.email, name: holder.name, cstId: holder.cstId },
                async () => {
                  const { pdf } = await app.services.healthDeclaration.declaration(holder.cstId, period.fecId, [plan]);
                  return { pdf, fileName: `declaracao-saude-plano-${plan}-${month.replace('/', '-')}.pdf` };
                },
                { key: 'declaracaoSaude', values: { mes: month } },
                actor,
              );
              if (queued) sent += 1;
              else before += 1;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              problems.push(mm.notSent(holder.name, error.message));
            }
          }
          await tick();
        }
      });
      return menuJobOutcome.emailed(subtitle, sent, before, problems);
    },
  });

/**
 * "Exportar declaração de saúde (plano 21 / 22)" (issue 30 item 1): one XLSX row per beneficiary of the plan in the
 * newest closed period (holder first, then dependents by name; holders by cst_id), with what the declaration prints:
 * the paid and reimbursed amounts of the period (columns in packages/domain healthExportColumns, docs/JOBS.md). It
 * only reads: a retry starts over and writes the same rows.
 */
export const healthExportJob = (repo: HealthDeclarationRepository) =>
  defineJob({
    command: HEALTH_EXPORT_COMMAND,
    payload: z.string(),
    async run(ctx) {
      const { plan, period } = await planAndPeriod(ctx, repo);
      if (!period) return menuJobOutcome.nothing(mm.noLockedPeriod);
      const subtitle = mm.healthPeriod(plan, monthLabel(period));
      const rows: Record<string, SheetCell>[] = [];
      await forEachHolder(ctx, repo, plan, period, subtitle, async (holders, tick) => {
        for (const holder of holders) {
          const [enrolled, payments] = await Promise.all([
            repo.planMembers(ctx.db, holder.cstId, period.fecAno, period.fecMes, [plan]),
            repo.payments(ctx.db, holder.cstId, period.fecId, [plan]),
          ]);
          const planName = enrolled[0]?.plan ?? '';
          for (const b of beneficiaryRows(holder.cstId, enrolled, payments))
            rows.push({
              matricula: formatNumeroInterno(holder.numero),
              titular: holder.name,
              cpfTitular: holder.cpf ? formatCpf(holder.cpf) : '',
              nome: b.nome,
              cpf: b.cpf ? formatCpf(b.cpf) : '',
              parentesco: b.parentesco,
              nascimento: b.nascimento ? formatDate(b.nascimento) : '',
              plano: planName,
              pago: { cents: b.pago },
              reembolsado: { cents: b.reembolsado },
            });
          await tick();
        }
      });
      const month = monthLabel(period).replace('/', '-');
      const data = await sheetXlsx(`Plano ${plan}`, healthExportColumns, rows);
      await ctx.attach({ name: `declaracao-saude-plano-${plan}-${month}.xlsx`, mimeType: XLSX_MIME, data });
      return menuJobOutcome.exported(rows.length, subtitle);
    },
  });
