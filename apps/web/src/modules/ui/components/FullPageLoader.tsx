import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

/** Placeholder while a screen's code loads inside the layout. */
export function SectionLoader() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader size="sm" aria-label="Carregando" />
    </Center>
  );
}
