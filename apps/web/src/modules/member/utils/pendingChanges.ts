import { valueAt } from '../../ui/form';
import { isChangedItem } from './memberBody';

/** Whether a value holds a child item with an operation marker (insert, update, delete), at any depth. */
export function containsMarkedItem(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => isChangedItem(item) || containsMarkedItem(item));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((field) => Array.isArray(field) && containsMarkedItem(field));
  return false;
}

/**
 * A tab's warning triangle (spec 1 §2): some child item of its part of the member carries a marker other
 * than none, or one of its fields differs from the loaded member.
 */
export function hasPendingChanges<P extends string>(paths: readonly P[], values: unknown, isDirty: (path: P) => boolean): boolean {
  return paths.some((path) => isDirty(path) || containsMarkedItem(valueAt(values, path)));
}
