import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { IconExternalLink } from '@tabler/icons-react';
import { createElement, lazy, Suspense } from 'react';
import type { MenuTreeNode } from '@assoc/domain';
import { menuIcon } from '../utils/menuIcons';

// The job links' code (confirmation, launch, state) is a chunk of its own: a menu without jobs (the portal's) never
// loads it.
const JobEntry = lazy(() => import('./JobEntry'));

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
    return (
      <Suspense fallback={<NavLink component="button" type="button" label={node.label} leftSection={leftSection} disabled />}>
        <JobEntry job={node.job} label={node.label} leftSection={leftSection} />
      </Suspense>
    );
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
