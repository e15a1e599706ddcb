import { Stack } from '@mantine/core';
import { PostingScreen } from '../modules/postings';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /lancamentos: the postings of a service (spec 2 §2.6; Financeiro → Lançamentos, v2menulancamentos). */
export default function LancamentosPage() {
  return (
    <Stack gap="md">
      <PageTitle>Lançamentos</PageTitle>
      <PostingScreen />
    </Stack>
  );
}
