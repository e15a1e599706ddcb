import ExcelJS from 'exceljs';
import { postingMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { isLegacyXls } from './files.sniff.js';

/** One line of an uploaded table (XLSX, CSV or text): its number in the file (1-based, as the user sees it) and its cells as text. */
export interface FileLine {
  line: number;
  cells: string[];
}

/** A ZIP (XLSX). */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The cells of a text line: tab, `;` or `,` separated (the first of them the line holds, in that order). */
function splitText(text: string): string[] {
  const separator = text.includes('\t') ? '\t' : text.includes(';') ? ';' : ',';
  return text.split(separator).map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/** A spreadsheet cell as text: numbers as typed in reais or digits (a CPF cell that lost its leading zeros is padded by the checker). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if (typeof value === 'object' && 'text' in value) return String(value.text).trim();
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value as unknown).trim();
}

/**
 * The lines of an uploaded table (spec 2 §5: XLSX, CSV or text; XLS refused by its extension and by its content, the
 * OLE2 signature, with the spec's text). Blank lines are skipped but keep their numbers; at most `maxLines` lines.
 * The posting file and Importar arquivo's files read through it.
 */
export async function readTableFile(
  name: string,
  data: Buffer,
  limits: { maxLines: number; fileType: string; tooManyLines: string },
): Promise<FileLine[]> {
  const extension = extensionOf(name);
  if (isLegacyXls(name, data)) throw badRequest(postingMessages.xlsRefused);
  let lines: FileLine[];
  if (extension === 'xlsx' || data.subarray(0, ZIP.length).equals(ZIP)) {
    if (extension !== 'xlsx') throw badRequest(limits.fileType);
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw badRequest(limits.fileType);
    }
    const sheet = workbook.worksheets[0];
    lines = [];
    sheet?.eachRow({ includeEmpty: false }, (row, number) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      lines.push({ line: number, cells: values.map((v) => cellText(v as ExcelJS.CellValue)) });
    });
  } else if (extension === 'csv' || extension === 'txt') {
    if (data.includes(0)) throw badRequest(limits.fileType);
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    lines = text.split(/\r\n|\n|\r/).map((t, i) => ({ line: i + 1, cells: splitText(t) }));
  } else {
    throw badRequest(limits.fileType);
  }
  lines = lines.filter((l) => l.cells.some((c) => c !== ''));
  if (lines.length > limits.maxLines) throw badRequest(limits.tooManyLines);
  return lines;
}
