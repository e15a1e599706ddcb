import { Stack, Tabs } from '@mantine/core';
import { findRoute } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { profilesTable, usersTable } from '../modules/access/tables';
import { PageTitle } from '../modules/ui/components/PageTitle';

/** /acessos (decision 2, superadmin): users and permission profiles in tabs. */
export default function AcessosPage() {
  return (
    <Stack gap="sm">
      <PageTitle>{findRoute('/acessos')!.title}</PageTitle>
      <Tabs defaultValue="usuarios" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="usuarios">Usuários</Tabs.Tab>
          <Tabs.Tab value="perfis">Perfis</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="usuarios" pt="sm">
          <CrudTable {...usersTable} />
        </Tabs.Panel>
        <Tabs.Panel value="perfis" pt="sm">
          <CrudTable {...profilesTable} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
