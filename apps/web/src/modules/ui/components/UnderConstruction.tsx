import { Stack, Text } from '@mantine/core';
import { genericMessages } from '@assoc/domain';
import { PageTitle } from './PageTitle';

/** Every screen not built yet: its title and the plain text "Em construção", nothing else. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <PageTitle>{title}</PageTitle>
      <UnderConstructionText />
    </Stack>
  );
}

/** The "Em construção" line used inside dialogs and panels whose feature is not built yet. */
export function UnderConstructionText() {
  return <Text c="dimmed">{genericMessages.underConstruction}</Text>;
}
