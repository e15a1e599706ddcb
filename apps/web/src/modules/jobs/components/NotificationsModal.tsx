import { Modal } from '@mantine/core';
import { UnderConstructionText } from '../../ui/components/UnderConstruction';

/** Notificações (spec 3 §2.5): the job list arrives with the job engine in the next issue. */
export function NotificationsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Notificações" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <UnderConstructionText />
    </Modal>
  );
}
