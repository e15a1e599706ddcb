import type { ChangeEvent } from 'react';
import type { ZodForm } from '../../ui/crud/useZodForm';

/** Props of a text input bound to one field of the form: value, input limit, error once left. */
export function bindText(form: ZodForm, name: string, maxLength?: number) {
  const value = form.values[name];
  return {
    value: value == null ? '' : String(value),
    maxLength,
    error: form.errorOf(name),
    onBlur: () => form.touch(name),
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue(name, event.currentTarget.value),
  };
}
