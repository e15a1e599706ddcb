import { Modal } from '@mantine/core';
import { UnderConstructionText } from '../../ui/components/UnderConstruction';

/** Usuários conectados (role admin, spec 3 §2.5): the list arrives with the real-time connection. */
export function ConnectedUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Usuários conectados" size="lg" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <UnderConstructionText />
    </Modal>
  );
}
