import { Stack } from '@mantine/core';
import { OpenBalanceScreen } from '../modules/open-balance/components/OpenBalanceScreen';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /saldoaberto: the open balance of spec 2 §2.8 (Financeiro → Saldo em aberto, v2menufinanceiro). */
export default function SaldoAbertoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Saldo em aberto</PageTitle>
      <OpenBalanceScreen />
    </Stack>
  );
}
