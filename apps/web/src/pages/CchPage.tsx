import { Stack } from '@mantine/core';
import { CchListScreen } from '../modules/cch';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /cch (spec 2 §2.1; CCH in the menu) and the home of a CCH-only user (spec 1 §2): the CCH requests. */
export default function CchPage() {
  return (
    <Stack gap="md">
      <PageTitle>CCH</PageTitle>
      <CchListScreen />
    </Stack>
  );
}
