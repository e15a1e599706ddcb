import { NumberInput, type NumberInputProps } from '@mantine/core';
import { centsToReais, toCents, type Cents } from '@assoc/domain';

export interface MoneyInputProps extends Omit<NumberInputProps, 'value' | 'defaultValue' | 'onChange' | 'onValueChange'> {
  /** Integer cents (R$ 1.234,56 is 123456); null or '' when empty. */
  value?: number | null | undefined | '';
  /** Integer cents of the amount typed, null when empty or unreadable. */
  onChange: (cents: Cents | null) => void;
}

/**
 * An amount in R$ kept as integer cents (issue 10 §4), shown as 'R$ 1.234,56' while typing. The text
 * typed ('1234,5') is read by the domain's toCents (string arithmetic: 123450, never a float times
 * 100); the box is fed by centsToReais (decimal text, never a division). An out-of-range amount stays
 * as typed so the schema's message shows. Plugs into the form layer: {...form.getInputProps('valor')}.
 */
export function MoneyInput({ value, onChange, ...rest }: MoneyInputProps) {
  return (
    <NumberInput
      prefix="R$ "
      thousandSeparator="."
      decimalSeparator=","
      decimalScale={2}
      fixedDecimalScale
      clampBehavior="none"
      {...rest}
      value={typeof value === 'number' ? centsToReais(value) : ''}
      // The unformatted text ('1234.5'): a trailing separator still being typed is ignored.
      onValueChange={({ value: text }) => onChange(text === '' ? null : toCents(text.replace(/\.$/, '')))}
    />
  );
}
