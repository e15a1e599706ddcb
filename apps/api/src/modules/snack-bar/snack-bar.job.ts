import { sql } from 'drizzle-orm';
import { formatCpf, formatNumeroInterno, formatPhone, isoDateInAppZone, menuJobOutcome, snackBarColumns } from '@assoc/domain';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { sheetXlsx, XLSX_MIME, type SheetCell } from '../../lib/xlsx-sheet.js';
import { defineJob } from '../jobs/jobs.define.js';

interface BarCustomerRow {
  cstId: number;
  parentId: number | null;
  name: string;
  cpf: string | null;
  ddd: string | null;
  celular: string | null;
  numero: string | null;
  holderName: string;
}

/**
 * Who may charge at the bar to a statement: living holders whose situation is not 5 (Falecido), and their living
 * dependents; each family together (holder first, then the dependents by name).
 */
async function barCustomers(db: Executor): Promise<BarCustomerRow[]> {
  const { rows } = await db.execute<BarCustomerRow & Record<string, unknown>>(sql`
    select c.cst_id as "cstId", c.parent_id as "parentId", c.cust_name as name, c.cust_cpf as cpf,
           c.cust_celular_ddd as ddd, c.cust_celular as celular, h.cust_numero_interno as numero, h.cust_name as "holderName"
      from customers c
      join customers h on h.cst_id = coalesce(c.parent_id, c.cst_id)
     where c.cust_deceased is null and h.cust_deceased is null and h.parent_id is null
       and coalesce(h.cust_assoc_situacao, 0) <> 5
     order by h.cust_name, h.cst_id, c.parent_id is not null, c.cust_name, c.cst_id`);
  return rows;
}

/**
 * "Exportar lanchonete" (issue 30 item 1; v2menufinexp; spec 2 §6): the bar's list of the people who may charge to
 * their statement, with what the bar's monthly file (Lançamentos, mode lancbar) identifies them by: CPF or mobile
 * number (columns in packages/domain snackBarColumns; docs/JOBS.md). It only reads: a retry writes the same rows.
 */
export const snackBarJob = () =>
  defineJob({
    command: 'lanchonete-export',
    payload: z.string(),
    async run(ctx) {
      const rows = await barCustomers(ctx.db);
      await ctx.progress(rows.length, rows.length);
      const sheet: Record<string, SheetCell>[] = rows.map((r) => ({
        matricula: formatNumeroInterno(r.numero),
        nome: r.name,
        cpf: r.cpf ? formatCpf(r.cpf) : '',
        celular: r.celular ? formatPhone(r.ddd, r.celular) : '',
        tipo: r.parentId === null ? 'Titular' : 'Dependente',
        titular: r.holderName,
      }));
      const data = await sheetXlsx('Lanchonete', snackBarColumns, sheet);
      await ctx.attach({ name: `lanchonete-${isoDateInAppZone()}.xlsx`, mimeType: XLSX_MIME, data });
      return menuJobOutcome.exported(rows.length);
    },
  });
