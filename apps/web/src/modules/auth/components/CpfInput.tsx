import { MaskInput } from '@mantine/core';
import { IconId } from '@tabler/icons-react';

interface CpfInputProps {
  name: string;
  error?: string;
  /** The digits typed, without the mask. */
  onChangeRaw: (digits: string) => void;
  autoFocus?: boolean;
}

/** The CPF field of the sign-in and reset forms: mask 000.000.000-00, digits sent to the server. */
export function CpfInput({ name, error, onChangeRaw, autoFocus }: CpfInputProps) {
  return (
    <MaskInput
      label="CPF"
      name={name}
      mask="999.999.999-99"
      slotChar={null}
      showMaskOnFocus={false}
      inputMode="numeric"
      autoComplete="username"
      placeholder="000.000.000-00"
      leftSection={<IconId size={18} stroke={1.6} aria-hidden />}
      onChangeRaw={onChangeRaw}
      error={error}
      autoFocus={autoFocus}
    />
  );
}
