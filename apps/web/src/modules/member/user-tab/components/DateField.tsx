import { DateInput } from '../../../ui/inputs';
import { useUserTab } from '../userTabContext';
import { Changed } from './Changed';

/** A date of the member (DD/MM/YYYY shown, ISO or null kept), highlighted when changed in the audit version. */
export function DateField({ path, label, required }: { path: string; label: string; required?: boolean }) {
  const { form } = useUserTab();
  return (
    <Changed path={path}>
      <DateInput label={label} withAsterisk={required} {...form.dateInputProps(path)} />
    </Changed>
  );
}
