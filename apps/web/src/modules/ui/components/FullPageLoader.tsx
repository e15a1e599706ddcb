import { Center } from '@mantine/core';
import { BusyIndicator } from './BusyIndicator';

export function FullPageLoader() {
  return (
    <Center h="100dvh">
      <BusyIndicator size="md" />
    </Center>
  );
}

/** Placeholder while a screen's code loads inside the layout. */
export function SectionLoader() {
  return (
    <Center py="xl">
      <BusyIndicator />
    </Center>
  );
}
