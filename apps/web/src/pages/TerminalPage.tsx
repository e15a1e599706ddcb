import { Stack } from '@mantine/core';
import { TerminalScreen } from '../modules/terminal';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /terminal (decision 14; Avançado → Terminal, superadmin): the read-only SQL console. */
export default function TerminalPage() {
  return (
    <Stack gap="md">
      <PageTitle>Terminal</PageTitle>
      <TerminalScreen />
    </Stack>
  );
}
