import { Stack } from '@mantine/core';
import { ClosingScreen } from '../modules/closing/components/ClosingScreen';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /financeiro/fechar: the monthly closing (spec 2 §2.7 item 3; Financeiro → Fechamento → Fechar, v2menufinanceiro). */
export default function FecharPage() {
  return (
    <Stack gap="md">
      <PageTitle>Fechamento</PageTitle>
      <ClosingScreen />
    </Stack>
  );
}
