import type { ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { onlyDigits, type CepAddress } from '@assoc/domain';
import type { ZodForm } from '../crud/useZodForm';
import { maskCep, useCepLookup } from '../hooks/useCepLookup';

/** The lookup gave no street of its own (a city-wide CEP): the street stays for the user to type. */
export const isCityWide = (address: CepAddress) =>
  !address.logradouro || address.logradouro.localeCompare(address.cidade, 'pt-BR', { sensitivity: 'base' }) === 0;

interface CepInputProps {
  form: ZodForm;
  /** The form field holding the CEP (kept masked, 11111-111). */
  name: string;
  /** Called after each lookup of a newly completed CEP: the address, or null when there is none (clear the fields). */
  onAddress: (address: CepAddress | null) => void;
  /** Called on every change with the number of digits typed. */
  onDigits?: (digits: number) => void;
  /** Called when the field is left, with the number of digits in it. */
  onLeave?: (digits: number) => void;
  rightSection?: ReactNode;
}

/** The CEP field of address forms: mask while typing, lookup through our server once 8 new digits are in (decision 11). */
export function CepInput({ form, name, onAddress, onDigits, onLeave, rightSection }: CepInputProps) {
  const lookupCep = useCepLookup();
  const value = form.values[name] == null ? '' : String(form.values[name]);
  return (
    <TextInput
      label="CEP"
      placeholder="00000-000"
      inputMode="numeric"
      value={value}
      error={form.errorOf(name)}
      rightSection={rightSection}
      onChange={(event) => {
        const masked = maskCep(event.currentTarget.value);
        form.setValue(name, masked);
        const digits = onlyDigits(masked);
        if (digits.length === 8 && digits !== onlyDigits(value)) void lookupCep(digits).then(onAddress);
        onDigits?.(digits.length);
      }}
      onBlur={() => {
        form.touch(name);
        onLeave?.(onlyDigits(value).length);
      }}
    />
  );
}
