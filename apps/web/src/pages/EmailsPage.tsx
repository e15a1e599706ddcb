import { Stack, Tabs } from '@mantine/core';
import { findRoute, templateChannelLabels, templateChannels } from '@assoc/domain';
import { CrudTable } from '../modules/ui/crud/CrudTable';
import { templateTable } from '../modules/registries/config/templates';
import { PageTitle } from '../modules/ui/components/PageTitle';

const tables = templateChannels.map((channel) => ({
  channel,
  label: templateChannelLabels[channel],
  table: templateTable(channel, templateChannelLabels[channel]),
}));

/** /emails (decision 16): the SMS, WhatsApp and E-mail template registries in tabs, same shape. */
export default function EmailsPage() {
  return (
    <Stack gap="sm">
      <PageTitle>{findRoute('/emails')!.title}</PageTitle>
      <Tabs defaultValue="sms" keepMounted={false}>
        <Tabs.List>
          {tables.map(({ channel, label }) => (
            <Tabs.Tab key={channel} value={channel}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tables.map(({ channel, table }) => (
          <Tabs.Panel key={channel} value={channel} pt="sm">
            <CrudTable {...table} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
