import type { ReactNode } from 'react';
import { Fieldset } from '@mantine/core';
import { SectionEditableProvider, useSectionEditable } from '../userTabContext';
import classes from '../UserTab.module.css';

interface UserSectionProps {
  title: string;
  /** The section's view role is held (otherwise nothing renders). */
  visible: boolean;
  /** The section's edit role is held and the screen is not in audit mode. */
  editable: boolean;
  children: ReactNode;
}

/**
 * One section of the Usuário tab (spec 1 §6 view/edit pairs): hidden without its view role, read-only
 * without its edit role or in audit mode (its fields sit in `SectionFields`, a disabled fieldset then).
 */
export function UserSection({ title, visible, editable, children }: UserSectionProps) {
  if (!visible) return null;
  return (
    <Fieldset legend={title} variant="filled" data-readonly={editable ? undefined : 'true'}>
      <SectionEditableProvider editable={editable}>{children}</SectionEditableProvider>
    </Fieldset>
  );
}

/** The fields of a section: a fieldset disabled when the section is read-only (no field of it can change). */
export function SectionFields({ children }: { children: ReactNode }) {
  const editable = useSectionEditable();
  return (
    <fieldset className={classes.bare} disabled={!editable}>
      {children}
    </fieldset>
  );
}
