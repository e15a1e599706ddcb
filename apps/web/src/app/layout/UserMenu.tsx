import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBook2, IconChevronDown, IconLogout, IconTool } from '@tabler/icons-react';
import type { Role } from '@assoc/domain';
import { useHasRole } from '../../modules/ui/components/RoleGate';
import { ProcessingModal } from '../../modules/tools/components/ProcessingModal';
import { useTutorialDownload } from '../../modules/tools/hooks/useTutorialDownload';
import { useCurrentSession } from '../session/SessionContext';
import { useLogout } from '../session/useLogout';

/** Spec 1 §2 / 3 §6: tools and tutorial need v2menuusuario or v2access. */
const TOOLS_ROLES: readonly Role[] = ['v2menuusuario', 'v2access'];

/** The end of the user menu button's name, after the initials and the name it shows. */
const USER_MENU_LABEL = 'Menu do usuário';

/** The user dropdown: Ferramentas, Baixar tutorial, Sair (red icon, black text: a red item fails contrast when highlighted). */
export function UserMenu({ onOpenTools }: { onOpenTools: () => void }) {
  const session = useCurrentSession();
  const logout = useLogout();
  const canUseTools = useHasRole(TOOLS_ROLES);
  // Without the member search (the portal) the bar has room for the whole name, at every width: it wraps, never cut.
  const roomForName = !useHasRole('v2search');
  const tutorial = useTutorialDownload();

  return (
    <>
      <ProcessingModal opened={tutorial.downloading} />
      <Menu position="bottom-end" width={220} shadow="md" withinPortal>
        <Menu.Target>
          {/* Named by what it shows, initials included, then what it is: "AS Ana Superadmin Menu do usuário" (WCAG
              2.5.3: an aria-label replacing the visible text is axe's label-content-name-mismatch). Phones hide the name. */}
          <UnstyledButton px={6} py={4} miw={0} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Group gap={8} wrap="nowrap">
              <Avatar name={session.name} color="initials" size={32} style={{ flexShrink: 0 }} />
              {roomForName ? (
                <Text size="sm" fw={500} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                  {session.name}
                </Text>
              ) : (
                <Text size="sm" fw={500} visibleFrom="md" maw={180} truncate="end">
                  {session.name}
                </Text>
              )}
              <VisuallyHidden>{USER_MENU_LABEL}</VisuallyHidden>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{session.name}</Menu.Label>
          {canUseTools && (
            <Menu.Item leftSection={<IconTool size={16} aria-hidden />} onClick={onOpenTools}>
              Ferramentas
            </Menu.Item>
          )}
          {canUseTools && (
            <Menu.Item leftSection={<IconBook2 size={16} aria-hidden />} onClick={() => void tutorial.download()}>
              Baixar tutorial
            </Menu.Item>
          )}
          {canUseTools && <Menu.Divider />}
          <Menu.Item leftSection={<IconLogout size={16} color="var(--mantine-color-red-9)" aria-hidden />} onClick={() => void logout()}>
            Sair
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
