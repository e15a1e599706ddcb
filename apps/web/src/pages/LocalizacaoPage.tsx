import { Stack } from '@mantine/core';
import { findRoute } from '@assoc/domain';
import { LocalsPanel } from '../modules/locations/components/LocalsPanel';
import { LocationPickers } from '../modules/locations/components/LocationPickers';
import { useLocationCascade } from '../modules/locations/hooks/useLocationCascade';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /localizacao (spec 3 §2.12): circunscrição, comarca and fórum pickers above the forum's locals. */
export default function LocalizacaoPage() {
  const cascade = useLocationCascade();
  return (
    <Stack gap="md">
      <PageTitle>{findRoute('/localizacao')!.title}</PageTitle>
      <LocationPickers cascade={cascade} />
      <LocalsPanel apfId={cascade.selection.apfId} />
    </Stack>
  );
}
