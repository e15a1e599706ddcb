import { Stack } from '@mantine/core';
import { RefundListScreen } from '../modules/refunds';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /devolucao (spec 2 §2.3; Devolução in the menu, v2dev): the refunds. */
export default function DevolucaoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Devolução</PageTitle>
      <RefundListScreen />
    </Stack>
  );
}
