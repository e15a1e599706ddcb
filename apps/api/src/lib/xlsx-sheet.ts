import ExcelJS from 'exceljs';
import type { ExportColumn } from '@assoc/domain';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell of an exported sheet: text, a number, or money in cents (written in reais with two decimals). */
export type SheetCell = string | number | null | { cents: number };

/**
 * One sheet with a bold header row (the receiver's column names, packages/domain menu-jobs) and the rows in the order
 * given. Deterministic: the workbook's dates are fixed (`stamp`), so the same rows give the same content.
 */
export async function sheetXlsx(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: readonly Record<string, SheetCell>[],
  stamp: Date = new Date(Date.UTC(2000, 0, 1)),
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Associação';
  workbook.created = stamp;
  workbook.modified = stamp;
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, string | number | null> = {};
    const money: string[] = [];
    for (const [key, cell] of Object.entries(row)) {
      if (cell !== null && typeof cell === 'object') {
        values[key] = cell.cents / 100;
        money.push(key);
      } else values[key] = cell;
    }
    const added = sheet.addRow(values);
    for (const key of money) added.getCell(key).numFmt = '#,##0.00';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
