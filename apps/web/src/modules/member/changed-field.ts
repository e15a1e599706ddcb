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
