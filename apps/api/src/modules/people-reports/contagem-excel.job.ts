import ExcelJS from 'exceljs';
import { formatCpf, formatNumeroInterno, isoDateInAppZone, situacaoLabel } from '@assoc/domain';
import { z } from 'zod';
import { defineJob } from '../jobs/jobs.define.js';
import type { JobContext, JobOutcome } from '../jobs/jobs.types.js';
import { createPeopleReportsRepository, type PeopleReportsRepository } from './people-reports.repository.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Category = 'Ativo' | 'Aposentado' | 'Pensionista';

/** Pensioners are widows and widowers (status V); the others count by situation: 1 active, 2 retired. */
export function categoryOf(status: string | null, situacao: number | null): Category | null {
  if (status === 'V') return 'Pensionista';
  if (situacao === 1) return 'Ativo';
  if (situacao === 2) return 'Aposentado';
  return null;
}

const CHUNK = 500;

/**
 * "Contagem ativos/aposentados/pensionistas (Excel)": counts by profile letter and the list of people,
 * in an XLSX attached to the job. Reads only, writes one file: running it again is harmless.
 */
export async function contagemExcel(ctx: JobContext, repo: PeopleReportsRepository): Promise<JobOutcome> {
  const total = await repo.countCounted(ctx.db);
  await ctx.progress(0, total, 'Lendo associados');

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Associação';
  workbook.created = new Date();
  const summary = workbook.addWorksheet('Contagem');
  const people = workbook.addWorksheet('Pessoas');
  people.columns = [
    { header: 'Nome', key: 'name', width: 44 },
    { header: 'CPF', key: 'cpf', width: 16 },
    { header: 'Número interno', key: 'numero', width: 16 },
    { header: 'Perfil', key: 'status', width: 8 },
    { header: 'Situação', key: 'situacao', width: 14 },
    { header: 'Categoria', key: 'category', width: 14 },
  ];
  people.getRow(1).font = { bold: true };

  const counts = new Map<string, Record<Category, number>>();
  let done = 0;
  let after = 0;
  for (;;) {
    if (ctx.signal.aborted) throw new Error('Tarefa interrompida');
    const rows = await repo.countedAfter(ctx.db, after, CHUNK);
    if (rows.length === 0) break;
    for (const p of rows) {
      const category = categoryOf(p.status, p.situacao)!;
      const letter = p.status?.trim() || '-';
      const byLetter = counts.get(letter) ?? { Ativo: 0, Aposentado: 0, Pensionista: 0 };
      byLetter[category] += 1;
      counts.set(letter, byLetter);
      people.addRow({
        name: p.name,
        cpf: p.cpf ? formatCpf(p.cpf) : '',
        numero: formatNumeroInterno(p.numero),
        status: letter,
        situacao: situacaoLabel(p.situacao),
        category,
      });
    }
    done += rows.length;
    after = rows[rows.length - 1]!.cstId;
    await ctx.progress(done, Math.max(total, done), 'Lendo associados');
  }

  summary.columns = [
    { header: 'Perfil', key: 'letter', width: 10 },
    { header: 'Ativos', key: 'Ativo', width: 12 },
    { header: 'Aposentados', key: 'Aposentado', width: 14 },
    { header: 'Pensionistas', key: 'Pensionista', width: 14 },
    { header: 'Total', key: 'total', width: 12 },
  ];
  summary.getRow(1).font = { bold: true };
  const sum: Record<Category, number> = { Ativo: 0, Aposentado: 0, Pensionista: 0 };
  for (const letter of [...counts.keys()].sort()) {
    const c = counts.get(letter)!;
    summary.addRow({ letter, ...c, total: c.Ativo + c.Aposentado + c.Pensionista });
    for (const k of Object.keys(sum) as Category[]) sum[k] += c[k];
  }
  const totalRow = summary.addRow({ letter: 'Total', ...sum, total: sum.Ativo + sum.Aposentado + sum.Pensionista });
  totalRow.font = { bold: true };

  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  await ctx.attach({ name: `Contagem_ativos_aposentados_pensionistas_${isoDateInAppZone()}.xlsx`, mimeType: XLSX_MIME, data });
  return {
    subtitle: `${done} pessoas: ${sum.Ativo} ativos, ${sum.Aposentado} aposentados, ${sum.Pensionista} pensionistas`,
  };
}

/**
 * The menu job `contagem-excel`. It takes no parameter: the menu sends `0` (or nothing), and any text is accepted as
 * before. Not chunked with checkpoints: it only reads and writes one file at the end, so a retry simply starts over.
 */
export const contagemExcelJob = defineJob({
  command: 'contagem-excel',
  payload: z.string(),
  run: (ctx) => contagemExcel(ctx, createPeopleReportsRepository()),
});
