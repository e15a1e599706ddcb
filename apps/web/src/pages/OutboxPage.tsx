import { Stack, Text } from '@mantine/core';
import { OutboxTable } from '../modules/mail/components/OutboxTable';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /outbox: the outbox of decision 10 (Avançado → Caixa de saída). */
export default function OutboxPage() {
  return (
    <Stack gap="md">
      <div>
        <PageTitle>Caixa de saída</PageTitle>
        <Text size="sm" c="dimmed">
          Mensagens gravadas pelo sistema e a situação do envio, das mais recentes para as mais antigas.
        </Text>
      </div>
      <OutboxTable />
    </Stack>
  );
}
