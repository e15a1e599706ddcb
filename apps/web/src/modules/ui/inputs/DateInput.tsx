import { parseDateBr } from '@assoc/domain';
import { DateField } from '../crud/DateField';

export interface DateInputProps {
  label: string;
  /** ISO 'YYYY-MM-DD', or null. */
  value?: string | null | undefined;
  /** ISO 'YYYY-MM-DD' of a complete valid date typed or picked; null when empty, incomplete or invalid. */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  withAsterisk?: boolean;
  /** Shown only (a read-only section, audit mode): the whole date, no clear button nor calendar. */
  readOnly?: boolean;
  'data-autofocus'?: boolean;
}

/**
 * A date typed as DD/MM/YYYY or picked in the calendar (DateField: the calendar opens on demand only),
 * stored as ISO 'YYYY-MM-DD'. Text that is not a whole valid date stores null and stays as typed, so the
 * schema's message shows under it. Plugs into the form layer: {...form.getInputProps('nascimento')}.
 */
export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  return (
    <DateField
      {...rest}
      value={value ?? ''}
      keepTypedText
      onChange={(iso) => onChange(iso || null)}
      onText={(text) => {
        if (text.trim() && !parseDateBr(text)) onChange(null);
      }}
    />
  );
}
