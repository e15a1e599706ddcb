import { TextInput } from '@mantine/core';

/** A value the member sees but does not change in the portal (spec 3 §5): a read-only input, selectable and announced. */
export function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return <TextInput label={label} value={value ?? ''} readOnly variant="filled" />;
}
