import { Suspense, useMemo, useState } from 'react';
import { Center, Tabs, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { sectionByKey, visibleMemberTabs, type MemberField, type MemberTab } from '@assoc/domain';
import { useRoles } from '../../ui/components/RoleGate';
import { UnderConstructionText } from '../../ui/components/UnderConstruction';
import { memberTabPanels } from '../member-tab-panels';
import type { MemberTabProps } from '../member-tab.types';
import { hasPendingChanges } from '../utils/pendingChanges';
import { changedDotClass, isChanged } from '../changed-field';
import { ChangedCue } from '../changed-cue';
import classes from './MemberScreen.module.css';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** The member fields (and child lists) of a tab's sections: its part of the member for the warning triangle. */
export function tabFields(tab: Pick<MemberTab, 'sections'>): MemberField[] {
  return tab.sections.flatMap((key) => sectionByKey(key)?.fields ?? []);
}

export const PENDING_CHANGES_TEXT = 'alterações pendentes';

/**
 * The member record's tabs (spec 1 §2): those of the domain's memberTabs whose role the user holds and whose
 * condition the member meets; each tab's panel is its own lazy chunk, mounted only while the tab is open; a
 * tab without a registered panel says "Em construção". A tab with pending changes shows a warning triangle.
 */
export function MemberTabs({ panel, initialTab }: { panel: MemberTabProps; initialTab?: number }) {
  const roles = useRoles();
  const { form, mode } = panel;
  const values = form.values;
  const tabs = useMemo(
    () =>
      visibleMemberTabs(roles, {
        custStatus: values.custStatus,
        custAssocSituacao: values.custAssocSituacao,
        extratoDatas: values.extratoDatas,
        irDatas: values.irDatas,
        auditMode: mode === 'audit',
      }),
    [roles, values.custStatus, values.custAssocSituacao, values.extratoDatas, values.irDatas, mode],
  );
  const [chosen, setChosen] = useState<string | null>(initialTab === undefined ? null : String(initialTab));
  const active = tabs.some((tab) => String(tab.key) === chosen) ? chosen : tabs[0] ? String(tabs[0].key) : null;

  if (!tabs.length) return null;
  return (
    <Tabs value={active} onChange={setChosen} keepMounted={false}>
      <Tabs.List className={classes.tabList}>
        {tabs.map((tab) => {
          const pending = mode !== 'audit' && hasPendingChanges(tabFields(tab), values, (path) => form.isDirty(path));
          // Audit mode: a dot on each tab holding a change of the version shown (issue 13: every change shows, per tab).
          const changed = mode === 'audit' && tabFields(tab).some((field) => isChanged(panel.diffs, field));
          return (
            <Tabs.Tab
              key={tab.key}
              value={String(tab.key)}
              data-changed={changed || undefined}
              rightSection={
                pending ? (
                  <IconAlertTriangle size={16} color="var(--mantine-color-orange-filled)" aria-hidden data-pending="true" />
                ) : changed ? (
                  <span className={changedDotClass} aria-hidden data-changed-dot="true" />
                ) : null
              }
            >
              {tab.label}
              {pending ? <VisuallyHidden> ({PENDING_CHANGES_TEXT})</VisuallyHidden> : null}
              <ChangedCue changed={changed} />
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.key} value={String(tab.key)} pt="md">
          <TabPanel tabKey={tab.key} panel={panel} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function TabPanel({ tabKey, panel }: { tabKey: number; panel: MemberTabProps }) {
  const Panel = memberTabPanels[tabKey as keyof typeof memberTabPanels];
  if (!Panel) return <UnderConstructionText />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <BusyIndicator />
        </Center>
      }
    >
      <Panel {...panel} />
    </Suspense>
  );
}
