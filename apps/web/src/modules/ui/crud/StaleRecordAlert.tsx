import { Alert, Button, Group, Text } from '@mantine/core';
import { genericMessages, registryMessages } from '@assoc/domain';

/**
 * Shown inside a form whose save was refused because someone else changed the record since it was
 * loaded (409, decision 5): the server's message and "Recarregar", which brings the fresh record
 * into the form (the user's unsaved edits are dropped, as the message says). `message`: another reason to reload
 * (the member changed the record in the portal).
 */
export function StaleRecordAlert({ onReload, reloading, message }: { onReload: () => void; reloading?: boolean; message?: string }) {
  return (
    <Alert color="orange" variant="light" role="alert">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message ?? genericMessages.staleRecord}</Text>
        <Button size="xs" variant="filled" color="orange" loading={reloading} onClick={onReload} style={{ flexShrink: 0 }}>
          {registryMessages.reload}
        </Button>
      </Group>
    </Alert>
  );
}
