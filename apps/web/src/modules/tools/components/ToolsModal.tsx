import { Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { UnderConstructionText } from '../../ui/components/UnderConstruction';

/** Ferramentas (spec 3 §2.4), tab Acesso externo: the authenticator set-up (GET gettoken) lands in the next issue. */
export function ToolsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Ferramentas" size="lg" withCloseButton={false}>
      <Stack>
        <Tabs defaultValue="acesso-externo">
          <Tabs.List>
            <Tabs.Tab value="acesso-externo" leftSection={<IconWorldWww size={16} aria-hidden />}>
              Acesso externo
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="acesso-externo" pt="md">
            <UnderConstructionText />
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
