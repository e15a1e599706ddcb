import { ActionIcon, Box, Burger, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlugConnected, IconScale } from '@tabler/icons-react';
import { Link } from 'react-router';
import { lazy, Suspense } from 'react';
import { RoleGate } from '../../modules/ui/components/RoleGate';
import { useCurrentSession } from '../session/SessionContext';
import classes from './TopBar.module.css';
import { UserMenu } from './UserMenu';

// Staff-only pieces are chunks of their own, fetched only for a user whose roles show them (issue 28: a portal
// member's first load carries no search, bell, connected-users list nor tools).
const MemberSearchBox = lazy(() => import('../../modules/search/components/MemberSearchBox').then((m) => ({ default: m.MemberSearchBox })));
const NotificationsBell = lazy(() => import('../../modules/jobs/components/NotificationsBell').then((m) => ({ default: m.NotificationsBell })));
const ConnectedUsersModal = lazy(() =>
  import('../../modules/connections/components/ConnectedUsersModal').then((m) => ({ default: m.ConnectedUsersModal })),
);
const ToolsModal = lazy(() => import('../../modules/tools/components/ToolsModal').then((m) => ({ default: m.ToolsModal })));

interface TopBarProps {
  navOpened: boolean;
  /** Absent where there is no side menu (the portal): no burger. */
  onToggleNav?: () => void;
}

/** Top bar (spec 1 §2): brand, member search (v2search), connected users (admin), notifications (v2access), user menu. */
export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const session = useCurrentSession();
  const [connectedOpened, connected] = useDisclosure(false);
  const [toolsOpened, tools] = useDisclosure(false);

  return (
    <div className={classes.bar}>
      {onToggleNav && <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Abrir menu" />}
      {/* Named by its visible text (axe label-content-name-mismatch); the full name shows on hover. */}
      <UnstyledButton
        component={Link}
        to="/"
        w={{ base: 'auto', sm: 268 }}
        className={classes.brand}
        style={{ flexShrink: 0 }}
        title={`${session.associationName} - início`}
      >
        <Group gap={8} wrap="nowrap">
          <IconScale size={26} stroke={1.6} color="var(--mantine-color-indigo-7)" aria-hidden />
          <Text fw={700} size="lg">
            {session.associationShortName}
          </Text>
        </Group>
      </UnstyledButton>

      <RoleGate role="v2search">
        <Box className={classes.search}>
          <Suspense fallback={null}>
            <MemberSearchBox />
          </Suspense>
        </Box>
      </RoleGate>

      <Group gap={6} wrap="nowrap" ml="auto" className={classes.actions}>
        <RoleGate role="admin">
          <Tooltip label="Usuários conectados">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Usuários conectados" onClick={connected.open}>
              <IconPlugConnected size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        </RoleGate>
        <RoleGate role="v2access">
          <Suspense fallback={null}>
            <NotificationsBell />
          </Suspense>
        </RoleGate>
        <UserMenu onOpenTools={tools.open} />
      </Group>

      <Suspense fallback={null}>
        {connectedOpened && <ConnectedUsersModal opened onClose={connected.close} />}
        {toolsOpened && <ToolsModal opened onClose={tools.close} />}
      </Suspense>
    </div>
  );
}
