/**
 * The terminal's result as CSV, the way the app's other CSV files are written (income-tax job): ';' between fields
 * (Excel in pt-BR reads it), CRLF, a BOM so accents survive, a field quoted when it holds ';', a quote or a line break.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  const field = (value: string | null) => {
    if (value === null) return '';
    return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  const lines = [columns.map(field).join(';'), ...rows.map((row) => row.map(field).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
