import { Stack } from '@mantine/core';
import { FollowUpScreen } from '../modules/follow-up/components/FollowUpScreen';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /acompanhamento: the follow-up list of spec 2 §2.9 (Atendimento → Acompanhamento, v2atd). */
export default function AcompanhamentoPage() {
  return (
    <Stack gap="md">
      <PageTitle>Acompanhamento</PageTitle>
      <FollowUpScreen />
    </Stack>
  );
}
