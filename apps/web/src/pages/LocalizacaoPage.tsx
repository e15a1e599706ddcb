import { Stack, Title } from '@mantine/core';
import { findRoute } from '@assoc/domain';
import { LocalsPanel } from '../modules/locations/components/LocalsPanel';
import { LocationPickers } from '../modules/locations/components/LocationPickers';
import { useLocationCascade } from '../modules/locations/hooks/useLocationCascade';

/** /localizacao (spec 3 §2.12): circunscrição, comarca and fórum pickers above the forum's locals. */
export default function LocalizacaoPage() {
  const cascade = useLocationCascade();
  return (
    <Stack gap="md">
      <Title order={2}>{findRoute('/localizacao')!.title}</Title>
      <LocationPickers cascade={cascade} />
      <LocalsPanel apfId={cascade.selection.apfId} />
    </Stack>
  );
}
