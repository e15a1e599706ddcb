import { Stack } from '@mantine/core';
import { MarketingScreen } from '../modules/marketing';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /marketing (decision 13; Marketing in the menu): campaigns over a saved filter, sent through the outbox. */
export default function MarketingPage() {
  return (
    <Stack gap="md">
      <PageTitle>Marketing</PageTitle>
      <MarketingScreen />
    </Stack>
  );
}
