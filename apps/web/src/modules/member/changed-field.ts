import classes from './changed-field.module.css';

/**
 * Props that mark a Mantine input whose field changed in the audit version shown (spec 1 §2 audit
 * mode, fieldDiffs): `<TextInput {...form.textProps('custName')} {...changedFieldProps(diffs, 'custName')} />`.
 * A path matches itself or anything inside it ('enderecoResidencial' marks each of its fields' parents).
 */
export function changedFieldProps(diffs: ReadonlySet<string>, path: string): { classNames?: { input: string }; 'data-changed'?: true } {
  return isChanged(diffs, path) ? { classNames: { input: classes.changed ?? 'changed' }, 'data-changed': true } : {};
}

/** Whether `path`, or something inside it, is among the changed paths. */
export function isChanged(diffs: ReadonlySet<string>, path: string): boolean {
  if (diffs.size === 0) return false;
  if (diffs.has(path)) return true;
  const prefix = `${path}.`;
  for (const diff of diffs) if (diff.startsWith(prefix)) return true;
  return false;
}

/** The text that tells a screen reader a row, a tab or a field changed in the audit version shown (not colour only). */
export const CHANGED_TEXT = 'alterado';

/**
 * Props that mark a table row changed by the audit version shown (the same yellow as the fields), with
 * `data-changed` for tests; render `<ChangedCue changed />` (changed-cue.tsx) inside it for assistive technology.
 * The row's path is `auditRowPath(list, childRowId(list, row, index))` (domain audit-paths.ts).
 */
export function changedRowProps(changed: boolean): { className?: string; 'data-changed'?: true } {
  return changed ? { className: classes.changedRow ?? 'changedRow', 'data-changed': true } : {};
}

/** The class of the small dot a tab label shows when the audit version changed something in it. */
export const changedDotClass = classes.changedDot ?? 'changedDot';

/** The paths inside one row, relative to it: ('parentFilhos.12', {'parentFilhos.12.custName'}) → {'custName'}. */
export function diffsInside(diffs: ReadonlySet<string>, rowPath: string): ReadonlySet<string> {
  const prefix = `${rowPath}.`;
  const out = new Set<string>();
  for (const path of diffs) if (path.startsWith(prefix)) out.add(path.slice(prefix.length));
  return out;
}
