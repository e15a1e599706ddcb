import { Stack } from '@mantine/core';
import { EfetuadoScreen } from '../modules/efetuado/components/EfetuadoScreen';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /financeiro/efetuado: the statements made (spec 2 §2.7 item 5; Financeiro → Fechamento → Efetuado, v2menufinanceiro). */
export default function EfetuadoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Efetuado</PageTitle>
      <EfetuadoScreen />
    </Stack>
  );
}
