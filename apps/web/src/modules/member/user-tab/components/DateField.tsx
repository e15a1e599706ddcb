import { DateInput } from '../../../ui/inputs';
import { useSectionEditable, useUserTab } from '../userTabContext';
import { Changed } from './Changed';
import type { MemberPath } from '../../member-tab.types';

/** A date of the member (DD/MM/YYYY shown, ISO or null kept), highlighted when changed in the audit version. */
export function DateField({ path, label, required }: { path: MemberPath; label: string; required?: boolean }) {
  const { form } = useUserTab();
  // A read-only section (audit mode, a view role only) shows the whole date: no clear button takes its room.
  const editable = useSectionEditable();
  return (
    <Changed path={path}>
      <DateInput label={label} withAsterisk={required} readOnly={!editable} {...form.dateInputProps(path)} />
    </Changed>
  );
}
