import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { filterColumn, formatFilterCell, isoDateInAppZone, type FilterColumn } from '@assoc/domain';
import type { PeopleRow } from './filter.repository.js';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv; charset=utf-8';

export type ExportFormat = 'xlsx' | 'csv';

/** Writes batches of rows into a file: `add` per batch, then `end` answers the bytes. */
export interface ExportWriter {
  add(rows: readonly PeopleRow[]): Promise<void>;
  end(): Promise<Buffer>;
}

export const exportFileName = (format: ExportFormat) => `Filtro_${isoDateInAppZone()}.${format}`;
export const exportMime = (format: ExportFormat) => (format === 'xlsx' ? XLSX_MIME : CSV_MIME);

function collect(stream: PassThrough) {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks);
}

/**
 * XLSX through exceljs's streaming writer (rows committed as they come: the sheet is never held whole): money as a
 * number of reais formatted R$, ages as numbers, the rest as the screen shows it (DD/MM/YYYY, 000000-0, labels).
 */
function xlsxWriter(columns: readonly FilterColumn[]): ExportWriter {
  const out = new PassThrough();
  const bytes = collect(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  book.created = new Date();
  const sheet = book.addWorksheet('Filtro');
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.key,
    width: c.width,
    ...(c.kind === 'money' ? { style: { numFmt: '"R$" #,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async add(rows) {
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const c of columns) {
          const v = row.cells[c.key];
          values[c.key] =
            v === null || v === undefined ? null : c.kind === 'money' ? Number(v) / 100 : c.kind === 'number' ? Number(v) : formatFilterCell(c, v);
        }
        sheet.addRow(values).commit();
      }
    },
    async end() {
      sheet.commit();
      await book.commit();
      return bytes();
    },
  };
}

/** CSV for a pt-BR spreadsheet: UTF-8 with BOM, ';' between fields, every cell as the screen shows it. */
function csvWriter(columns: readonly FilterColumn[]): ExportWriter {
  const out = new PassThrough();
  const bytes = collect(out);
  const csv = stringify({ delimiter: ';', bom: true, header: true, columns: columns.map((c) => ({ key: c.key, header: c.label })) });
  csv.pipe(out);
  const write = (record: Record<string, string>) =>
    new Promise<void>((resolve) => {
      if (csv.write(record)) resolve();
      else csv.once('drain', resolve);
    });
  return {
    async add(rows) {
      for (const row of rows) await write(Object.fromEntries(columns.map((c) => [c.key, formatFilterCell(c, row.cells[c.key])])));
    },
    end: () =>
      new Promise<Buffer>((resolve, reject) => {
        out.on('end', () => resolve(bytes()));
        out.on('error', reject);
        csv.on('error', reject);
        csv.end();
      }),
  };
}

export function exportWriter(format: ExportFormat, columnKeys: readonly string[]): ExportWriter {
  const columns = columnKeys.map((k) => filterColumn(k)!);
  return format === 'xlsx' ? xlsxWriter(columns) : csvWriter(columns);
}
