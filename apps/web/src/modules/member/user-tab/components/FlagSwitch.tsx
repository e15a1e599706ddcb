import { Switch } from '@mantine/core';
import { useUserTab, valueOf } from '../userTabContext';
import { Changed } from './Changed';

/** A yes/no flag of the member shown as a SIM/NÃO toggle (spec 1 §5 formats). */
export function FlagSwitch({ path, label, onToggle }: { path: string; label: string; onToggle?: (on: boolean) => void }) {
  const { form } = useUserTab();
  return (
    <Changed path={path}>
      <Switch
        label={label}
        onLabel="SIM"
        offLabel="NÃO"
        size="lg"
        checked={valueOf(form, path) === true}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.setValue(path, on);
          onToggle?.(on);
        }}
      />
    </Changed>
  );
}
