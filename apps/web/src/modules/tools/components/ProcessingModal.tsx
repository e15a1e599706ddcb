import { Group, Modal, Text } from '@mantine/core';
import { genericMessages } from '@assoc/domain';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** The blocking 'Processando solicitação...' dialog (spec 1 §8) shown while a file downloads; `text`: another wording. */
export function ProcessingModal({ opened, text }: { opened: boolean; text?: string }) {
  return (
    <Modal opened={opened} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered size="xs">
      <Group gap="sm" role="status">
        <BusyIndicator kind="decorative" />
        <Text size="sm">{text ?? genericMessages.processing}</Text>
      </Group>
    </Modal>
  );
}
