import { getTableColumns, type Table } from 'drizzle-orm';

/** A key of `json_build_object`: a column of the table by its property name, or a computed / joined value. */
export type JsonField<T extends Table> = (keyof T['_']['columns'] & string) | readonly [key: string, expression: string];

const plainIdentifier = /^[a-z_][a-z0-9_]*$/;

/**
 * `json_build_object('cobId', ch.cob_id, …)` over a Drizzle table aliased `alias` (issue 23 item 3): each column's
 * JSON key is its property name and its SQL its database name, both taken from the table, so a child list's JSON
 * read is not a second hand-written copy of its columns; a pair [key, sql] adds a computed or joined value
 * ('operation', 'none'; a joined name). Keys keep the given order. The SQL is text (a child list's `json.expression`
 * is text that the member's read statement embeds).
 */
export function jsonObjectOf<T extends Table>(table: T, alias: string, fields: readonly JsonField<T>[]): string {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const pairs = fields.map((field) => {
    if (typeof field !== 'string') return `'${field[0]}', ${field[1]}`;
    const column = columns[field];
    if (!column) throw new Error(`coluna ${field} inexistente`);
    return `'${field}', ${alias}.${plainIdentifier.test(column.name) ? column.name : `"${column.name}"`}`;
  });
  return `json_build_object(${pairs.join(', ')})`;
}
