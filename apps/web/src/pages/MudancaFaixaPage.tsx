import { Stack } from '@mantine/core';
import { ageBandMessages } from '@assoc/domain';
import { AgeBandScreen } from '../modules/age-bands';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /mudancafaixa ('Mudança de faixa etária', Atendimento's url link, v2atd): who changes age range next month. */
export default function MudancaFaixaPage() {
  return (
    <Stack gap="md">
      <PageTitle>{ageBandMessages.title}</PageTitle>
      <AgeBandScreen />
    </Stack>
  );
}
