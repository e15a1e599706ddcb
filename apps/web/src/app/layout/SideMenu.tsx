import { Alert, Button, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { isUnauthorized } from '../api';
import { MenuTree } from '../../modules/menu/components/MenuTree';
import { useMenuTree } from '../../modules/menu/hooks/useMenuTree';

/** The side menu's content (inside the layout's 300 px navigation): the tree GET tree returns for this user. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { data, isPending, error, refetch } = useMenuTree();

  return (
    <ScrollArea style={{ flex: 1 }} type="scroll" px="xs" py="sm">
      <div>
        {isPending && (
          <Stack gap={8} px="xs" aria-busy="true">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} h={28} radius="sm" />
            ))}
          </Stack>
        )}
        {error && !isUnauthorized(error) && (
          <Alert color="red" variant="light" title="Menu indisponível" mx="xs">
            {error.message}
            <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void refetch()}>
              Tentar novamente
            </Button>
          </Alert>
        )}
        {data && <MenuTree nodes={data} onNavigate={onNavigate} />}
      </div>
    </ScrollArea>
  );
}
