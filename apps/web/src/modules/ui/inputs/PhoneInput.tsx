import { TextInput, type TextInputProps } from '@mantine/core';
import { onlyDigits } from '@assoc/domain';

/** Area code and number while typing: '11912345678' -> '(11) 91234-5678', '1112345678' -> '(11) 1234-5678'. */
export function maskPhone(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (!d) return '';
  if (d.length <= 2) return `(${d}`;
  const number = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  return number.length > split ? `(${d.slice(0, 2)}) ${number.slice(0, split)}-${number.slice(split)}` : `(${d.slice(0, 2)}) ${number}`;
}

export interface PhoneInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** Area code followed by the number, digits only (10 or 11 digits when complete). */
  value?: string | null | undefined;
  onChange: (digits: string) => void;
}

/** A phone with its area code (DDD): shown as (11) 91234-5678 or (11) 1234-5678, stored as digits. */
export function PhoneInput({ value, onChange, ...rest }: PhoneInputProps) {
  return (
    <TextInput
      inputMode="tel"
      placeholder="(00) 00000-0000"
      {...rest}
      value={maskPhone(value)}
      onChange={(event) => onChange(onlyDigits(event.currentTarget.value).slice(0, 11))}
    />
  );
}
