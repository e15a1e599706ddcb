import { Group, Modal, Text } from '@mantine/core';
import { genericMessages } from '@assoc/domain';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** The blocking 'Processando solicitação...' dialog (spec 1 §8) shown while a file downloads. */
export function ProcessingModal({ opened }: { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered size="xs">
      <Group gap="sm" role="status">
        <BusyIndicator kind="decorative" />
        <Text size="sm">{genericMessages.processing}</Text>
      </Group>
    </Modal>
  );
}
