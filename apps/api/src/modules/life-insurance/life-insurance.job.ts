import { formatCpf, formatDate, formatNumeroInterno, isoDateInAppZone, lifeInsuranceLayouts, menuJobMessages as mm, onlyDigits } from '@assoc/domain';
import { z } from 'zod';
import { sheetXlsx, XLSX_MIME, type SheetCell } from '../../lib/xlsx-sheet.js';
import { defineJob } from '../jobs/jobs.define.js';
import { JobFailure } from '../jobs/jobs.types.js';
import type { InsuredRow, LifeInsuranceRepository } from './life-insurance.repository.js';

const money = (cents: number | null): SheetCell => (cents === null ? null : { cents });
const date = (iso: string | null) => (iso ? formatDate(iso) : '');

/** A row in insurer 1's layout (codes in capitals, CPF digits only, sex M/F) or insurer 2's (formatted, with the holder). */
const layoutRow: Record<1 | 2, (r: InsuredRow) => Record<string, SheetCell>> = {
  1: (r) => ({
    proposta: r.proposal ?? '',
    cpf: onlyDigits(r.cpf),
    nome: r.name.toUpperCase(),
    nascimento: date(r.birthdate),
    sexo: r.sex === 1 ? 'F' : r.sex === 0 ? 'M' : '',
    capital: money(r.capital),
    premio: money(r.premium),
    inicio: date(r.start),
    validade: date(r.validity),
  }),
  2: (r) => ({
    matricula: formatNumeroInterno(r.numero),
    nome: r.name,
    cpf: r.cpf ? formatCpf(r.cpf) : '',
    nascimento: date(r.birthdate),
    titular: r.holderName,
    proposta: r.proposal ?? '',
    plano: r.service,
    capital: money(r.capital),
    premio: money(r.premium),
    validade: date(r.validity),
    observacao: r.comment ?? '',
  }),
};

/**
 * "Exportar seguro de vida (seguradora 1 / 2)" (issue 30 item 1): the insurer's insured in force today, with their
 * death capital (cslValue1) and premium (cslValue2) from the plgSeguroVida rows, in the insurer's layout (packages/domain
 * lifeInsuranceLayouts; docs/JOBS.md). It only reads and attaches one file: a retry starts over and writes the same rows.
 */
export const lifeInsuranceJob = (n: 1 | 2, repo: LifeInsuranceRepository) =>
  defineJob({
    command: `seguro-vida-export-${n}`,
    payload: z.string(),
    async run(ctx) {
      const insurer = (await repo.insurers(ctx.db))[n - 1];
      if (!insurer) throw new JobFailure(mm.noInsurer(n));
      const today = isoDateInAppZone();
      const rows = await repo.insured(ctx.db, insurer.supId, today);
      await ctx.progress(rows.length, rows.length, insurer.name);
      const layout = lifeInsuranceLayouts[n];
      const data = await sheetXlsx(layout.sheet, layout.columns, rows.map(layoutRow[n]));
      const slug = insurer.name
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\w]+/g, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase();
      await ctx.attach({ name: `seguro-vida-${n}-${slug}-${today}.xlsx`, mimeType: XLSX_MIME, data });
      return { subtitle: mm.insurer(insurer.name, rows.length) };
    },
  });
