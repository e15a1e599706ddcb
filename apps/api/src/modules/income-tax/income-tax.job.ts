import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { centsToDecimalText, documentJobMessages, formatCpf, formatNumeroInterno, incomeTaxMessages } from '@assoc/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { jobActor } from '../jobs/jobs.actor.js';
import { dropCheckpoints, forEachChunk } from '../jobs/jobs.chunks.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure, type JobContext, type JobOutcome } from '../jobs/jobs.types.js';
import { emailDocuments, printDocuments, type DocumentJobSpec } from '../ledger/document-jobs.js';
import { HEALTH_ENTRY_JOINS, HEALTH_PAID } from './income-tax.repository.js';

/** Holders per chunk: each is one aggregate statement over the ledger, committed with its checkpoint. */
const CHUNK = 3000;

interface Row {
  cstId: number;
  numero: string | null;
  titular: string;
  titularCpf: string | null;
  beneficiario: string | null;
  cpf: string | null;
  grupo: string;
  valor: number;
}

/** The base year of a request's text ('0' or empty: the year before the current one); null when it is not one. */
function parseBaseYear(userData: string, now: Date): number | null {
  if (!userData || userData === '0') return now.getFullYear() - 1;
  const year = Number(userData);
  return Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : null;
}

/** The base year of `userData` ('0' or empty: the year before the current one). */
export function baseYearOf(userData: string, now = new Date()): number {
  const year = parseBaseYear(userData, now);
  if (year === null) throw new JobFailure(incomeTaxMessages.invalidYear);
  return year;
}

/** The payload of `ir-gerar`: the base year, as the menu sends it (`jobs/send/ir-gerar/{ano}`, 0 for the year before). */
export const irGerarPayload = z.string().transform((userData, check) => {
  const ano = parseBaseYear(userData, new Date());
  if (ano !== null) return { ano };
  check.addIssue({ code: 'custom', message: incomeTaxMessages.invalidYear });
  return z.NEVER;
});

const money = centsToDecimalText;
const csvCell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * "Gerar I.R. do ano base" (menu job `ir-gerar`, decision 7): every holder's income-tax statement of the base year,
 * computed set-based — one aggregate statement per chunk of holders over the ledger's locked periods of that year,
 * per holder, beneficiary and health IR group (what was paid: `HEALTH_PAID`) — with progress, into a CSV attached to the job (what GET user/ir answers for
 * one holder). Reads only. The holders are walked in chunks with checkpoints (`forEachChunk`): each chunk's CSV lines
 * and running totals are committed with its checkpoint, so a retry after a crash goes on after the last chunk done.
 * Without a `jobId` (a direct call) it checkpoints under an id of its own and forgets it at the end.
 */
export async function generateIncomeTax(
  ctx: Pick<JobContext, 'db' | 'userData' | 'progress' | 'attach'> & Partial<Pick<JobContext, 'jobId' | 'signal'>>,
  ano = baseYearOf(ctx.userData),
  /** Holders per chunk (a test makes several chunks of few holders). */
  chunkSize = CHUNK,
): Promise<JobOutcome> {
  const jobId = ctx.jobId ?? crypto.randomUUID();
  const holders = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customers where parent_id is null`);
  const { state, outputs } = await forEachChunk(
    { ...ctx, jobId },
    {
      size: chunkSize,
      total: holders.rows[0]?.n ?? 0,
      subtitle: `Ano-base ${ano}`,
      initial: { total: 0, holders: 0 },
      fetch: async (tx, after: number | null, limit) => {
        const page = await tx.execute<{ cst_id: number }>(
          sql`select cst_id from customers where parent_id is null ${after === null ? sql`` : sql`and cst_id > ${after}`} order by cst_id limit ${limit}`,
        );
        return page.rows.map((r) => r.cst_id);
      },
      key: (cstId) => cstId,
      run: async (tx, ids, totals) => {
        const rows = await chunkRows(tx, ano, ids[0]!, ids[ids.length - 1]!);
        const lines = rows.map((r) =>
          [
            r.numero ? formatNumeroInterno(r.numero) : '',
            r.titular,
            r.titularCpf ? formatCpf(r.titularCpf) : '',
            r.beneficiario ?? '',
            r.cpf ? formatCpf(r.cpf) : '',
            r.grupo,
            money(r.valor),
          ]
            .map(csvCell)
            .join(';'),
        );
        return {
          // Chunks are disjoint ranges of holders: a holder's payments are all in one chunk.
          state: {
            total: totals.total + rows.reduce((sum, r) => sum + r.valor, 0),
            holders: totals.holders + new Set(rows.map((r) => r.cstId)).size,
          },
          output: lines.length ? lines.join('\r\n') : undefined,
        };
      },
    },
  );
  const lines = ['Nº interno;Titular;CPF do titular;Beneficiário;CPF do beneficiário;Grupo de IR;Valor (R$)', ...outputs];
  await ctx.attach({ name: `ir-${ano}.csv`, mimeType: 'text/csv', data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') });
  if (!ctx.jobId) await dropCheckpoints(ctx.db, jobId);
  return { subtitle: `Ano-base ${ano}: ${state.holders} titulares`, result: `Total ${money(state.total)}` };
}

async function chunkRows(db: Executor, ano: number, from: number, to: number): Promise<Row[]> {
  const result = await db.execute<Row & Record<string, unknown>>(sql`
    select h.cst_id as "cstId", h.cust_numero_interno as numero, h.cust_name as titular, h.cust_cpf as "titularCpf",
           b.cust_name as beneficiario, b.cust_cpf as cpf, g.extgrp_name as grupo, t.valor
      from (select e.cst_id, e.resp_id, s.irgrp_id, ${HEALTH_PAID} as valor
              from statement_entries e
              join closing_periods p on p.fec_id = e.fec_id and p.fec_ano = ${ano} and p.locked_at is not null
              ${HEALTH_ENTRY_JOINS}
             where e.cst_id between ${from} and ${to}
             group by e.cst_id, e.resp_id, s.irgrp_id
            having ${HEALTH_PAID} <> 0) t
      join customers h on h.cst_id = t.cst_id and h.parent_id is null
      left join customers b on b.cst_id = t.resp_id
      join extrato_groups g on g.extgrp_id = t.irgrp_id
     order by h.cst_id, b.parent_id nulls first, b.cust_name, g.extgrp_sort, g.extgrp_name`);
  return result.rows;
}

/** The menu job `ir-gerar`, declared by the income-tax module (its `jobs`). */
export const irGerarJob = defineJob({
  command: 'ir-gerar',
  payload: irGerarPayload,
  run: (ctx) => generateIncomeTax(ctx, ctx.payload.ano),
});

/** The I.R. document jobs' common part: the base year as `ir-gerar` picks it (the menu's year, 0 or empty: the year before). */
function incomeTaxSpec(app: FastifyInstance, ano: number): DocumentJobSpec {
  return {
    kind: 'ir',
    optIn: sql`c.cust_ir_por_email`,
    // Only holders with entries on a health-plan service in the base year's locked periods (the data decides the rest).
    scope: sql`exists (select 1 from statement_entries e
      join closing_periods p on p.fec_id = e.fec_id and p.fec_ano = ${ano} and p.locked_at is not null
      ${HEALTH_ENTRY_JOINS} where e.cst_id = c.cst_id)`,
    period: ano,
    report: 'informe-rendimentos',
    fileName: `informe-rendimentos-${ano}.pdf`,
    subtitle: documentJobMessages.incomeTaxSubtitle(ano),
    load: (_tx, ids) => app.services.incomeTax.pdfDataOf(ids, ano),
  };
}

/**
 * "Enviar I.R. anual por e-mail" (menu job `ir-email`, issue 30 item 1): the base year's informe de rendimentos to every
 * holder with custIRPorEmail on, situation not 5, with an e-mail and payments in the year, through the outbox, once per
 * holder and base year (`emailDocuments`, `document_sends` kind 'ir').
 */
export const irEmailJob = (app: FastifyInstance) =>
  defineJob({
    command: 'ir-email',
    payload: irGerarPayload,
    exclusive: true,
    async run(ctx) {
      const ano = ctx.payload.ano;
      const { subtitle, result } = await emailDocuments(
        ctx,
        app.services.documents,
        await jobActor(ctx.db, ctx.userId, 'I.R.'),
        { ...incomeTaxSpec(app, ano), template: { key: 'informeRendimentos', values: { ano } } },
        IR_EMAIL_CHUNK,
      );
      return { subtitle, result };
    },
  });

/** Holders per chunk of `ir-email` (each holder's informe is two reads). */
const IR_EMAIL_CHUNK = 100;

/**
 * "Arquivo de I.R. para gráfica" (menu job `ir-impressora`): one PDF of the base year's informe of every holder with
 * payments whose I.R. does not go by e-mail, in the order of the address labels (`printDocuments`). Dated by the last
 * closing of the base year (or 31/12 of it): the same file on every run.
 */
export const irPrinterJob = (app: FastifyInstance) =>
  defineJob({
    command: 'ir-impressora',
    payload: irGerarPayload,
    exclusive: true,
    async run(ctx) {
      const ano = ctx.payload.ano;
      const last = await ctx.db.execute<{ at: string | null }>(
        sql`select max(locked_at) as at from closing_periods where fec_ano = ${ano} and locked_at is not null`,
      );
      const at = last.rows[0]?.at;
      const now = at ? new Date(at) : new Date(Date.UTC(ano, 11, 31, 15));
      const { subtitle, result } = await printDocuments(ctx, app.services.documents, {
        ...incomeTaxSpec(app, ano),
        fileName: `informe-rendimentos-${ano}-grafica.pdf`,
        now,
      });
      return { subtitle, result };
    },
  });
