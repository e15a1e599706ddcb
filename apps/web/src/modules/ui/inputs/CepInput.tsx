import type { FocusEvent, ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { onlyDigits, type CepAddress } from '@assoc/domain';
import { maskCep, useCepLookup } from '../hooks/useCepLookup';

/** The lookup gave no street of its own (a city-wide CEP): the street stays for the user to type. */
export const isCityWide = (address: CepAddress) =>
  !address.logradouro || address.logradouro.localeCompare(address.cidade, 'pt-BR', { sensitivity: 'base' }) === 0;

export interface CepInputProps {
  label?: string;
  /** The CEP as kept by the form (masked, 00000-000). */
  value?: string | null | undefined;
  onChange: (masked: string) => void;
  onBlur?: (event?: FocusEvent<HTMLElement>) => void;
  error?: ReactNode;
  /** Called after each lookup of a newly completed CEP: the address, or null when there is none (clear the fields). */
  onAddress: (address: CepAddress | null) => void;
  /** Called on every change with the number of digits typed. */
  onDigits?: (digits: number) => void;
  /** Called when the field is left, with the number of digits in it. */
  onLeave?: (digits: number) => void;
  rightSection?: ReactNode;
}

/**
 * The CEP field of address forms: mask 00000-000 while typing, lookup through our server (useCepLookup,
 * decision 11) once 8 new digits are in. Plugs into the form layer:
 * <CepInput {...form.getInputProps('endereco.cep')} onAddress={fill} />.
 */
export function CepInput({ label = 'CEP', value, onChange, onBlur, error, onAddress, onDigits, onLeave, rightSection }: CepInputProps) {
  const lookupCep = useCepLookup();
  const text = value == null ? '' : String(value);
  return (
    <TextInput
      label={label}
      placeholder="00000-000"
      inputMode="numeric"
      value={text}
      error={error}
      rightSection={rightSection}
      onChange={(event) => {
        const masked = maskCep(event.currentTarget.value);
        onChange(masked);
        const digits = onlyDigits(masked);
        if (digits.length === 8 && digits !== onlyDigits(text)) void lookupCep(digits).then(onAddress);
        onDigits?.(digits.length);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        onLeave?.(onlyDigits(text).length);
      }}
    />
  );
}
