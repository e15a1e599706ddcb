import { Stack } from '@mantine/core';
import { CchIncreaseScreen } from '../modules/cch';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /cchaumento (spec 2 §2.10; CCH Aumento in the menu): the yearly amounts' increase. */
export default function CchAumentoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Aumento de CCH</PageTitle>
      <CchIncreaseScreen />
    </Stack>
  );
}
