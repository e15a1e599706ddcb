import { useEffect, useRef, useState } from 'react';
import { dateMessages, isValidIsoDate, parseDateBr } from '@assoc/domain';
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
  /**
   * 'Data inválida' while the box holds text that is not a real date (once complete or left), '' otherwise:
   * the form takes it as the field's error, so an optional date cannot be saved empty by mistake.
   */
  onInvalid?: (message: string) => void;
  /** Shown only (a read-only section, audit mode): the whole date, no clear button nor calendar. */
  readOnly?: boolean;
  'data-autofocus'?: boolean;
}

/** Whole DD/MM/YYYY typed: judged at once; shorter text waits until the field is left. */
const COMPLETE_LENGTH = 10;

/**
 * A date typed as DD/MM/YYYY or picked in the calendar (DateField: the calendar opens on demand only),
 * stored as ISO 'YYYY-MM-DD'. Text that is not a real date (31/02/1990) stores null, stays as typed and shows
 * 'Data inválida' (issue 22 item 20), never the required-field message. Plugs into the form layer:
 * {...form.dateInputProps('nascimento')} (or getInputProps without the form-level error).
 */
export function DateInput({ value, onChange, onBlur, onInvalid, error, ...rest }: DateInputProps) {
  const text = useRef('');
  const [invalid, setInvalid] = useState(false);
  const report = (bad: boolean) => {
    setInvalid(bad);
    onInvalid?.(bad ? dateMessages.invalid : '');
  };
  // A real date set from outside (a reset, a restored version) replaces whatever was typed.
  const hasDate = !!value && isValidIsoDate(value);
  const shownInvalid = invalid && !hasDate;
  useEffect(() => {
    if (hasDate) onInvalid?.('');
  }, [hasDate, onInvalid]);

  return (
    <DateField
      {...rest}
      error={shownInvalid ? dateMessages.invalid : error}
      value={value ?? ''}
      keepTypedText
      onChange={(iso) => {
        // A picked date, a whole valid typed one or a cleared box: nothing invalid is left in it.
        if (invalid) report(false);
        onChange(iso || null);
      }}
      onText={(typed) => {
        text.current = typed;
        const trimmed = typed.trim();
        if (!trimmed || parseDateBr(trimmed)) {
          if (invalid) report(false);
          return;
        }
        onChange(null);
        if (trimmed.length >= COMPLETE_LENGTH) report(true);
      }}
      onBlur={() => {
        const trimmed = text.current.trim();
        if (trimmed && !parseDateBr(trimmed)) report(true);
        onBlur?.();
      }}
    />
  );
}
