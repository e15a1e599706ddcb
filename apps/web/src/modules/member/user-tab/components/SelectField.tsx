import { Select } from '@mantine/core';
import { useUserTab, valueOf } from '../userTabContext';
import type { Option } from '../userTabLookups';
import { Changed } from './Changed';
import type { MemberPath } from '../../member-tab.types';

interface SelectFieldProps {
  path: MemberPath;
  label: string;
  data: readonly Option[];
  required?: boolean;
  clearable?: boolean;
  searchable?: boolean;
  /** Keep the value as text (letters: custStatus, custSocio); numbers otherwise. */
  text?: boolean;
  /** Called after the value changed (a rule of the screen on change). */
  onPicked?: (value: string | number | null) => void;
}

/** A dropdown of the member form (placeholder 'Selecione...'), highlighted when changed in the audit version. */
export function SelectField({ path, label, data, required, clearable, searchable, text, onPicked }: SelectFieldProps) {
  const { form } = useUserTab();
  const value = valueOf(form, path);
  return (
    <Changed path={path}>
      <Select
        label={label}
        placeholder="Selecione..."
        withAsterisk={required}
        data={data as Option[]}
        clearable={clearable}
        searchable={searchable}
        allowDeselect={false}
        value={value == null || value === '' ? null : String(value)}
        error={form.errorOf(path)}
        onBlur={() => form.touch(path)}
        onChange={(next) => {
          const picked = next === null ? null : text ? next : Number(next);
          form.setValue(path, picked);
          form.touch(path);
          onPicked?.(picked);
        }}
      />
    </Changed>
  );
}
