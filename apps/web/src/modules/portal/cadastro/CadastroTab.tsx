import { Alert, Stack } from '@mantine/core';
import { portalMessages } from '@assoc/domain';
import { SectionLoader } from '../../ui/components/FullPageLoader';
import { usePortalRecord } from '../hooks/usePortalRecord';
import { CadastroForm } from './CadastroForm';

/**
 * Cadastro (spec 3 §2.15; issue 28 item 1): the member's own record, editable where the portal allows it. The form is
 * built afresh for each version read (after a save or a reload), so its save button starts at 'Sem alterações'.
 */
export default function CadastroTab() {
  const { data, isPending, isError, refetch, cstId } = usePortalRecord();
  if (isPending) return <SectionLoader />;
  if (isError || !data)
    return (
      <Alert color="red" variant="light" role="alert">
        {portalMessages.saveFailed}
      </Alert>
    );
  return (
    <Stack gap="md">
      <CadastroForm key={data.version} record={data} cstId={cstId} onReload={() => refetch()} />
    </Stack>
  );
}
