import { ActionIcon } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { parseDateBr } from '@assoc/domain';

interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  withAsterisk?: boolean;
  error?: string;
  'data-autofocus'?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Every text change of the box (DateInput stores null for text that is not a whole date). */
  onText?: (text: string) => void;
  /** Keeps text that is not a date as typed when the field is left (Mantine would restore the last date). */
  keepTypedText?: boolean;
  /** Shown only: no clear button (it took the room of the date's last digits, issue 22 #19), no calendar. */
  readOnly?: boolean;
}

/**
 * A DD/MM/YYYY date field whose calendar opens on demand only (a click on the box or its calendar
 * button, or ArrowDown), never by mere focus: Mantine's DateInput opens it on focus, so a modal whose
 * first field is a date opened with the calendar over the fields below. The open state is ours
 * (popoverProps.opened overrides DateInput's); while the calendar is open the input carries Mantine's
 * data-mantine-stop-propagation, so Escape closes the calendar and not the modal around it.
 */
export function DateField({ label, value, withAsterisk, error, onChange, onBlur, onText, keepTypedText, readOnly, ...rest }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <DateInput
      label={label}
      withAsterisk={withAsterisk}
      error={error}
      data-autofocus={rest['data-autofocus']}
      valueFormat="DD/MM/YYYY"
      placeholder="DD/MM/AAAA"
      locale="pt-br"
      dateParser={(text) => parseDateBr(text)}
      clearable={!readOnly}
      readOnly={readOnly}
      fixOnBlur={!keepTypedText}
      onInput={onText ? (event) => onText(event.currentTarget.value) : undefined}
      value={value || null}
      onChange={(next) => {
        onChange(next ?? '');
        setOpen(false);
      }}
      onClick={() => setOpen(true)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
        else if (event.key === 'ArrowDown' && !open) {
          event.preventDefault();
          setOpen(true);
        }
      }}
      onBlur={() => {
        setOpen(false);
        onBlur?.();
      }}
      data-mantine-stop-propagation={open ? 'true' : undefined}
      leftSectionPointerEvents="all"
      leftSection={
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Abrir calendário" onClick={() => setOpen(true)}>
          <IconCalendar size={16} stroke={1.5} />
        </ActionIcon>
      }
      popoverProps={{ opened: open && !readOnly, onChange: setOpen }}
    />
  );
}
