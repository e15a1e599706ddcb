import { TextInput } from '@mantine/core';
import { onlyDigits } from '@assoc/domain';
import { useUserTab } from '../userTabContext';
import { Changed } from './Changed';
import type { MemberPath } from '../../member-tab.types';

interface TextFieldProps {
  path: MemberPath;
  label: string;
  maxLength?: number;
  required?: boolean;
  /** Digits only (typed letters are dropped). */
  digits?: boolean;
  type?: 'text' | 'email';
}

/** A text field of the member form, highlighted when changed in the audit version. */
export function TextField({ path, label, maxLength, required, digits, type }: TextFieldProps) {
  const { form } = useUserTab();
  return (
    <Changed path={path}>
      <TextInput
        {...form.textProps(path, maxLength, digits ? onlyDigits : undefined)}
        label={label}
        withAsterisk={required}
        type={type}
        inputMode={digits ? 'numeric' : type === 'email' ? 'email' : undefined}
      />
    </Changed>
  );
}
