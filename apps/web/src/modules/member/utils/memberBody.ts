import { dropUnmarkedInLists, isMarkedItem, isPlainObject, memberChildListKeys } from '@assoc/domain';

/**
 * The body of POST/PUT user/{cstId} (spec 1 §7): the member without extratoDatas and irDatas (nor the other
 * values the reply adds for the screen), each child list with only the items carrying an operation marker;
 * items lacking a marker, or marked '-', are removed, also in a child's own lists (a dependent's services).
 * Pure: the values given are not changed.
 */

/** Values GET user/{cstId} adds for the screen that the save never sends. */
export const MEMBER_SCREEN_ONLY_FIELDS = ['extratoDatas', 'irDatas', 'fieldDiffs', 'falecidos', 'custTitular', 'idade'] as const;
type ScreenOnly = (typeof MEMBER_SCREEN_ONLY_FIELDS)[number];

const CHANGES = new Set(['insert', 'update', 'delete']);

/** Whether a child item is sent: it carries a marker (not missing, null, '' nor '-'): the domain's one rule. */
export { isMarkedItem };

/** Whether a child item is a pending change: a marker other than none (insert, update, delete). */
export function isChangedItem(item: unknown): boolean {
  return isPlainObject(item) && typeof item.operation === 'string' && CHANGES.has(item.operation);
}

/** The member as the save sends it; `childLists` defaults to the domain's child lists (memberChildListKeys). */
export function buildMemberBody<T extends Record<string, unknown>>(
  member: T,
  childLists: readonly string[] = memberChildListKeys,
): Omit<T, ScreenOnly> {
  const sent = Object.fromEntries(Object.entries(member).filter(([key]) => !(MEMBER_SCREEN_ONLY_FIELDS as readonly string[]).includes(key)));
  return dropUnmarkedInLists(sent, childLists) as Omit<T, ScreenOnly>;
}
