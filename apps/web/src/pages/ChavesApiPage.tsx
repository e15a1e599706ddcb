import { Stack } from '@mantine/core';
import { findRoute } from '@assoc/domain';
import { PageTitle } from '../modules/ui/components/PageTitle';
import { ApiKeysScreen } from '../modules/process/api-keys/ApiKeysScreen';

/** Avançado → Chaves de API (/chavesapi, superadmin; issue 15, decision 17). */
export default function ChavesApiPage() {
  return (
    <Stack gap="md">
      <PageTitle>{findRoute('/chavesapi')!.title}</PageTitle>
      <ApiKeysScreen />
    </Stack>
  );
}
