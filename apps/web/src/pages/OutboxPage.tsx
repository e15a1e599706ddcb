import { Stack, Text, Title } from '@mantine/core';
import { OutboxTable } from '../modules/mail/components/OutboxTable';

/** /outbox: the outbox of decision 10 (Avançado → Caixa de saída). */
export default function OutboxPage() {
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Caixa de saída</Title>
        <Text size="sm" c="dimmed">
          Mensagens gravadas pelo sistema e a situação do envio, das mais recentes para as mais antigas.
        </Text>
      </div>
      <OutboxTable />
    </Stack>
  );
}
