import { Stack } from '@mantine/core';
import { RemittanceScreen } from '../modules/bank-files';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /financeiro/remessa: the remittances and their reconciliation (spec 2 §2.7 item 4; Financeiro › Remessa). */
export default function RemessaPage() {
  return (
    <Stack gap="md">
      <PageTitle>Remessas</PageTitle>
      <RemittanceScreen />
    </Stack>
  );
}
