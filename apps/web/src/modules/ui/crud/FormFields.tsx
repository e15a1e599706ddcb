import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateField } from './DateField';
import type { AppForm } from '../form';

/** One field of a registry form, rendered by {@link FormFields}. */
export type FieldConfig =
  | { kind: 'text'; name: string; label: string; maxLength?: number; upperCase?: boolean; required?: boolean; placeholder?: string }
  | { kind: 'textarea'; name: string; label: string; maxLength?: number; minRows?: number; maxRows?: number; required?: boolean }
  | { kind: 'number'; name: string; label: string; min?: number; max?: number; required?: boolean }
  | { kind: 'date'; name: string; label: string; required?: boolean }
  | { kind: 'select'; name: string; label: string; data: Array<{ value: string; label: string }>; required?: boolean }
  /** A yes/no value as a SIM/NÃO toggle (spec 1 §5 formats). */
  | { kind: 'switch'; name: string; label: string; required?: undefined };

const asText = (value: unknown) => (value == null ? '' : String(value));

/** The generic form of a registry: each configured field bound to the form state and its error. */
export function FormFields({ fields, form }: { fields: readonly FieldConfig[]; form: AppForm }) {
  return (
    <>
      {fields.map((field, index) => {
        const common = {
          label: field.label,
          withAsterisk: field.required,
          error: form.errorOf(field.name),
          onBlur: () => form.touch(field.name),
          'data-autofocus': index === 0 ? true : undefined,
        };
        switch (field.kind) {
          case 'text':
            return (
              <TextInput
                key={field.name}
                {...common}
                {...form.textProps(field.name, field.maxLength, field.upperCase ? (text) => text.toUpperCase() : undefined)}
                placeholder={field.placeholder}
              />
            );
          case 'textarea':
            return (
              <Textarea
                key={field.name}
                {...common}
                autosize
                minRows={field.minRows}
                maxRows={field.maxRows}
                {...form.textProps(field.name, field.maxLength)}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={field.name}
                {...common}
                min={field.min}
                max={field.max}
                // An out-of-range value stays as typed and the schema's message shows (Mantine would
                // silently correct it on blur).
                clampBehavior="none"
                allowDecimal={false}
                value={typeof form.values[field.name] === 'number' ? (form.values[field.name] as number) : ''}
                onChange={(value) => form.setValue(field.name, typeof value === 'number' ? value : value === '' ? null : Number(value))}
              />
            );
          case 'date':
            return (
              <DateField
                key={field.name}
                {...common}
                value={asText(form.values[field.name])}
                onChange={(value) => form.setValue(field.name, value)}
              />
            );
          case 'select':
            return (
              <Select
                key={field.name}
                {...common}
                data={field.data}
                placeholder="Selecione..."
                allowDeselect={false}
                value={asText(form.values[field.name]) || null}
                onChange={(value) => form.setValue(field.name, value)}
              />
            );
          case 'switch': {
            const on = form.values[field.name] === true;
            return (
              <Switch
                key={field.name}
                label={field.label}
                onLabel="SIM"
                offLabel="NÃO"
                size="lg"
                checked={on}
                // 'NÃO' on the grey track: dark text for 4.5:1 (as the member's flags).
                styles={on ? undefined : { trackLabel: { color: 'var(--mantine-color-black)' } }}
                onChange={(event) => form.setValue(field.name, event.currentTarget.checked)}
              />
            );
          }
        }
      })}
    </>
  );
}
