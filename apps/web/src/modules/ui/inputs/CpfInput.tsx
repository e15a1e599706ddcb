import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { genericMessages, isValidCpf, onlyDigits } from '@assoc/domain';

/** '12345678909' -> '123.456.789-09' while typing (mask 000.000.000-00). */
export function maskCpf(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length > 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length > 6) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  if (d.length > 3) return `${d.slice(0, 3)}.${d.slice(3)}`;
  return d;
}

export interface CpfInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> {
  /** The CPF's digits ('' or null when empty). */
  value?: string | null | undefined;
  /** The digits typed (at most 11). */
  onChange: (digits: string) => void;
}

/**
 * A CPF: shown with the mask 000.000.000-00, stored as its digits. Once left, a CPF the domain's
 * validator refuses shows 'CPF Inválido' (the form's own error, when there is one, wins).
 */
export function CpfInput({ value, onChange, onBlur, error, label = 'CPF', ...rest }: CpfInputProps) {
  const [left, setLeft] = useState(false);
  const digits = onlyDigits(value);
  const own = left && digits !== '' && !isValidCpf(digits) ? genericMessages.cpf : undefined;
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      placeholder="000.000.000-00"
      {...rest}
      error={error || own}
      value={maskCpf(digits)}
      onChange={(event) => onChange(onlyDigits(event.currentTarget.value).slice(0, 11))}
      onBlur={(event) => {
        setLeft(true);
        onBlur?.(event);
      }}
    />
  );
}
