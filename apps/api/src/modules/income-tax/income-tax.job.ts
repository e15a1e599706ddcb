import { sql } from 'drizzle-orm';
import { formatCpf, formatNumeroInterno } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { defineModule } from '../../lib/module.js';
import { JobFailure, type JobContext, type JobOutcome } from '../jobs/jobs.types.js';
import { HEALTH_ENTRY_JOINS, HEALTH_PAID } from './income-tax.repository.js';

/** Holders per statement: each chunk is one aggregate over the ledger (progress between chunks). */
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

/** The base year of `userData` ('0' or empty: the year before the current one). */
export function baseYearOf(userData: string, now = new Date()): number {
  const year = Number(userData);
  if (!userData || userData === '0') return now.getFullYear() - 1;
  if (!Number.isInteger(year) || year < 2000 || year > 2200) throw new JobFailure('Ano-base inválido');
  return year;
}

const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const csvCell = (v: string) => (/[;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * "Gerar I.R. do ano base" (menu job `ir-gerar`, decision 7): every holder's income-tax statement of the base year,
 * computed set-based — one aggregate statement per chunk of holders over the ledger's locked periods of that year,
 * per holder, beneficiary and health IR group (what was paid: `HEALTH_PAID`) — with progress, into a CSV attached to the job (what GET user/ir answers for
 * one holder). Reads only: running it again is harmless.
 */
export async function generateIncomeTax(ctx: Pick<JobContext, 'db' | 'userData' | 'progress' | 'attach'>): Promise<JobOutcome> {
  const ano = baseYearOf(ctx.userData);
  const holders = await ctx.db.execute<{ cst_id: number }>(sql`select cst_id from customers where parent_id is null order by cst_id`);
  const ids = holders.rows.map((r) => r.cst_id);
  await ctx.progress(0, ids.length, `Ano-base ${ano}`);
  const lines = ['Nº interno;Titular;CPF do titular;Beneficiário;CPF do beneficiário;Grupo de IR;Valor (R$)'];
  let total = 0;
  const withPayments = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await chunkRows(ctx.db, ano, chunk[0]!, chunk[chunk.length - 1]!);
    for (const r of rows) {
      withPayments.add(r.cstId);
      total += r.valor;
      lines.push(
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
    }
    await ctx.progress(Math.min(i + CHUNK, ids.length), ids.length, `Ano-base ${ano}`);
  }
  await ctx.attach({ name: `ir-${ano}.csv`, mimeType: 'text/csv', data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8') });
  return { subtitle: `Ano-base ${ano}: ${withPayments.size} titulares`, result: `Total ${money(total)}` };
}

async function chunkRows(db: Db, ano: number, from: number, to: number): Promise<Row[]> {
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

/** The income tax's job handler, as its own module listed before the jobs module (the I.R. module needs members). */
export const incomeTaxJobs = defineModule({
  name: 'incomeTaxJobs',
  jobs: () => ({ 'ir-gerar': (ctx) => generateIncomeTax(ctx) }),
});
