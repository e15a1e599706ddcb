import type { ReactNode } from 'react';
import { isChanged } from '../../changed-field';
import { useUserTab } from '../userTabContext';
import classes from '../UserTab.module.css';

/**
 * Wraps one field (any input: text, select, date, checkbox): highlighted when one of its paths changed
 * in the audit version shown (fieldDiffs).
 */
export function Changed({ path, children }: { path: string | readonly string[]; children: ReactNode }) {
  const { diffs } = useUserTab();
  const paths = typeof path === 'string' ? [path] : path;
  const changed = paths.some((p) => isChanged(diffs, p));
  return (
    <div className={changed ? classes.changed : undefined} data-changed={changed ? 'true' : undefined}>
      {children}
    </div>
  );
}
