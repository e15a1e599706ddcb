import { Stack, Tabs } from '@mantine/core';
import { Suspense, useState } from 'react';
import { PageTitle } from '../ui/components/PageTitle';
import { portalTabs, type PortalTabKey } from './portalTabs';
import classes from './PortalScreen.module.css';

/**
 * Portal do associado (spec 3 §2.15, issue 28): the member's own record in tabs. Every tab reads the member from
 * the session (the server answers 404 about anyone else); on a phone the tab list scrolls sideways by itself, the
 * page never does.
 */
export function PortalScreen() {
  const [tab, setTab] = useState<PortalTabKey>('cadastro');
  return (
    <Stack gap="md">
      <PageTitle>Portal do associado</PageTitle>
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as PortalTabKey)}
        keepMounted={false}
        classNames={{ list: classes.list, tab: classes.tab }}
      >
        <Tabs.List>
          {portalTabs.map(({ key, label }) => (
            <Tabs.Tab key={key} value={key}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {portalTabs.map(({ key, Component }) => (
          <Tabs.Panel key={key} value={key} pt="md">
            <Suspense fallback={null}>
              <Component />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
