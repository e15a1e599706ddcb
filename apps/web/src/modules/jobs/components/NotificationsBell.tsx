import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useJobsState } from '../hooks/JobsProvider';
import { NotificationsModal } from './NotificationsModal';

/** The bell (role v2access) with the count of jobs finished since the list was last opened. */
export function NotificationsBell() {
  const [opened, modal] = useDisclosure(false);
  const { unread, markSeen } = useJobsState();
  const open = () => {
    markSeen();
    modal.open();
  };
  return (
    <>
      <Tooltip label="Notificações">
        <Indicator label={unread} size={16} disabled={unread === 0} color="red" offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread ? `Notificações (${unread} não lidas)` : 'Notificações'}
            onClick={open}
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <NotificationsModal opened={opened} onClose={modal.close} />
    </>
  );
}
