import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { IconExternalLink, IconHourglass, IconPlayerPlay } from '@tabler/icons-react';
import { createElement, type ReactNode } from 'react';
import type { JobCommand } from '@assoc/domain';
import { useJobButton } from '../../jobs/hooks/useJobButton';
import type { MenuTreeNode } from '@assoc/domain';
import { useJobLauncher } from '../../jobs/hooks/useJobLauncher';
import { menuIcon } from '../utils/menuIcons';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** Popup size of url links (spec 1 §9: 642 wide by 930 high). */
export const POPUP_FEATURES = 'width=642,height=930';

const containsPath = (node: MenuTreeNode, path: string): boolean =>
  node.to === path || (node.children ?? []).some((child) => containsPath(child, path));

const nodeKey = (node: MenuTreeNode, index: number) => `${index}-${node.label}-${node.target ?? ''}`;

interface MenuTreeProps {
  nodes: readonly MenuTreeNode[];
  /** Called after a route entry is chosen (closes the menu on small screens). */
  onNavigate?: () => void;
}

/** The side menu exactly as GET tree returned it: groups collapse, routes navigate, jobs confirm, urls pop up. */
export function MenuTree({ nodes, onNavigate }: MenuTreeProps) {
  return (
    <>
      {nodes.map((node, index) => (
        <MenuEntry key={nodeKey(node, index)} node={node} depth={0} onNavigate={onNavigate} />
      ))}
    </>
  );
}

function MenuEntry({ node, depth, onNavigate }: { node: MenuTreeNode; depth: number; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const launchJob = useJobLauncher();
  const leftSection = depth === 0 ? createElement(menuIcon(node), { size: 18, stroke: 1.6, 'aria-hidden': true }) : undefined;

  if (node.children && node.children.length > 0) {
    return (
      <NavLink
        component="button"
        type="button"
        label={node.label}
        leftSection={leftSection}
        defaultOpened={containsPath(node, pathname)}
        childrenOffset={depth === 0 ? 28 : 14}
      >
        {node.children.map((child, index) => (
          <MenuEntry key={nodeKey(child, index)} node={child} depth={depth + 1} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }

  if (node.to !== undefined) {
    return <NavLink component={Link} to={node.to} label={node.label} leftSection={leftSection} active={pathname === node.to} onClick={onNavigate} />;
  }

  if (node.job) {
    return <JobEntry job={node.job} label={node.label} leftSection={leftSection} onLaunch={launchJob} />;
  }

  if (node.url) {
    const url = node.url;
    return (
      <NavLink
        component="button"
        type="button"
        label={node.label}
        leftSection={leftSection}
        rightSection={<IconExternalLink size={14} stroke={1.6} aria-hidden />}
        onClick={() => window.open(url, '_blank', POPUP_FEATURES)}
      />
    );
  }

  return <NavLink label={node.label} leftSection={leftSection} disabled />;
}

/** A job link: disabled with a spinner (running) or an hourglass (waiting) while a same-named job is open (spec 1 §4). */
function JobEntry({
  job,
  label,
  leftSection,
  onLaunch,
}: {
  job: JobCommand;
  label: string;
  leftSection: ReactNode;
  onLaunch(job: JobCommand): void;
}) {
  const { disabled, state } = useJobButton(job);
  const rightSection =
    state === 'running' ? (
      <BusyIndicator kind="mark" size={14} label="Em execução" />
    ) : state === 'waiting' ? (
      <IconHourglass size={14} stroke={1.6} aria-label="Aguardando" />
    ) : (
      <IconPlayerPlay size={14} stroke={1.6} aria-hidden />
    );
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      leftSection={leftSection}
      rightSection={rightSection}
      disabled={disabled}
      onClick={() => onLaunch(job)}
    />
  );
}
