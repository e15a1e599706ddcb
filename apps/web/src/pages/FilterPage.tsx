import { Stack } from '@mantine/core';
import { FilterScreen } from '../modules/filter';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /filter (decision 12; Filtro in the menu, v2menufiltro): the member query builder. */
export default function FilterPage() {
  return (
    <Stack gap="md">
      <PageTitle>Filtro</PageTitle>
      <FilterScreen />
    </Stack>
  );
}
