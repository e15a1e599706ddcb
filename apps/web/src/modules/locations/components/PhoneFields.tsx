import { Grid, TextInput } from '@mantine/core';
import { formatPhone, locationLimits, onlyDigits } from '@assoc/domain';
import type { AppForm } from '../../ui/form';

interface PhoneFieldsProps {
  form: AppForm;
  /** Field names: area code, number and, for a local's phones, the extension. */
  ddd: string;
  number: string;
  extension?: string;
  /** Labels: 'Telefone 1' gives 'DDD 1', 'Telefone 1' and 'Ramal 1'. */
  label: string;
  dddLabel: string;
  extensionLabel?: string;
}

const str = (value: unknown) => (value == null ? '' : String(value));

/**
 * Area code, number and optional extension of one phone (spec 3 §5, §9): digits only, the area code
 * at most 2 and the number at most 9, shown as 4-4 or 5-4.
 */
export function PhoneFields({ form, ddd, number, extension, label, dddLabel, extensionLabel }: PhoneFieldsProps) {
  const digits = (name: string, max: number) => ({
    inputMode: 'numeric' as const,
    error: form.errorOf(name),
    onBlur: () => form.touch(name),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => form.setValue(name, onlyDigits(event.currentTarget.value).slice(0, max)),
  });
  return (
    <>
      <Grid.Col span={{ base: 3, sm: 2 }}>
        <TextInput label={dddLabel} {...digits(ddd, locationLimits.ddd)} value={str(form.values[ddd])} />
      </Grid.Col>
      <Grid.Col span={{ base: 9, sm: 4 }}>
        <TextInput label={label} {...digits(number, locationLimits.phone)} value={formatPhone(null, str(form.values[number]))} />
      </Grid.Col>
      {extension ? (
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <TextInput label={extensionLabel} {...digits(extension, locationLimits.extension)} value={str(form.values[extension])} />
        </Grid.Col>
      ) : null}
    </>
  );
}
