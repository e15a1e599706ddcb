import { Switch } from '@mantine/core';
import { useUserTab, valueOf } from '../userTabContext';
import { Changed } from './Changed';
import type { MemberPath } from '../../member-tab.types';

/** A yes/no flag of the member shown as a SIM/NÃO toggle (spec 1 §5 formats). */
export function FlagSwitch({ path, label, onToggle }: { path: MemberPath; label: string; onToggle?: (on: boolean) => void }) {
  const { form } = useUserTab();
  const on = valueOf(form, path) === true;
  return (
    <Changed path={path}>
      <Switch
        label={label}
        onLabel="SIM"
        offLabel="NÃO"
        size="lg"
        checked={on}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          form.setValue(path, checked);
          onToggle?.(checked);
        }}
      />
    </Changed>
  );
}
