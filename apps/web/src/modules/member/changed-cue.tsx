import { VisuallyHidden } from '@mantine/core';
import { CHANGED_TEXT } from './changed-field';

/** " (alterado)" for assistive technology inside a row or label the audit version changed; nothing otherwise. */
export function ChangedCue({ changed }: { changed: boolean }) {
  return changed ? <VisuallyHidden> ({CHANGED_TEXT})</VisuallyHidden> : null;
}
