/**
 * The one rule for which child rows a member save carries (spec 1 §7 POST user: "items lacking a marker, or '-'
 * removed"; issue 23 item 3), used by the web's body, the server before validation and the dependent schema's
 * nested services, so the three can no longer disagree:
 * - a row whose marker is missing, null, '' or '-' is not sent: it is dropped silently;
 * - any other marker is kept, so the item's schema answers an unknown one ('x', 5) with 400 (`oneOf`);
 * - a row that is not an object carries no marker: dropped.
 *
 * The marker's schema and the child row builder live here too, not in member.schema.ts: the item schemas of the lists
 * (charge.schema.ts) import them, and member.schema.ts imports those item schemas, so no schema imports the member's.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';

/** A child row's marker: what the save does with it. Rows without one (null, '' or '-') are dropped before validation. */
export const childOperations = ['insert', 'update', 'delete', 'none'] as const;
export type ChildOperation = (typeof childOperations)[number];
export const childOperationSchema = z.enum(childOperations, { error: m.oneOf });

/** A child row schema: the item's own fields plus its operation marker. */
export function childItem<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...shape, operation: childOperationSchema });
}

/** A JSON object (not null, not a list): what a child row or a body is. Shared with the web (memberBody.ts). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Marker values that mean "no marker". */
const emptyMarkers: readonly unknown[] = [undefined, null, '', '-'];

/** Whether a child row is sent with the save: it carries a marker (insert, update, delete, none, or an unknown one to refuse). */
export function isMarkedItem(item: unknown): boolean {
  return isPlainObject(item) && !emptyMarkers.includes(item.operation);
}

/**
 * The marked rows of a list (a non-list is answered as it is, for the schema to refuse); in each kept row, the lists
 * named by `nested` (a dependent's `usuarioServicos`) are cleaned the same way. Pure: the input is not changed.
 */
export function dropUnmarkedRows(list: unknown, nested: readonly string[] = []): unknown {
  if (!Array.isArray(list)) return list;
  return list.filter(isMarkedItem).map((item) => dropUnmarkedInLists(item, nested));
}

/** A body's child lists (`lists`) with only their marked rows, also inside each row's own lists. Pure. */
export function dropUnmarkedInLists<T>(body: T, lists: readonly string[]): T {
  if (!isPlainObject(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  for (const key of lists) if (Array.isArray(copy[key])) copy[key] = dropUnmarkedRows(copy[key], lists);
  return copy as T;
}
