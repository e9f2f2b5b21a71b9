import type { SidebarPath } from '@backroom/contract';
import { NavLink, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import classes from './sidebar-entry.module.css';
import { SIDEBAR_ICONS } from './sidebar-icons';
import { UnreadDot } from './unread-dot';

interface SidebarEntryProps {
  path: SidebarPath;
  label: string;
  active: boolean;
  collapsed: boolean;
  unread: boolean;
}

/** One sidebar link: icon and label, or when collapsed the icon alone, named by aria-label and a tooltip. */
export function SidebarEntry({ path, label, active, collapsed, unread }: SidebarEntryProps) {
  const Icon = SIDEBAR_ICONS[path];
  const current = active ? ('page' as const) : undefined;
  if (collapsed) {
    return (
      <Tooltip label={label} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={path}
          aria-label={label}
          aria-current={current}
          data-active={active || undefined}
          className={classes.iconLink}
        >
          <Icon size={20} aria-hidden="true" />
          {unread && <UnreadDot className={classes.dot} />}
        </UnstyledButton>
      </Tooltip>
    );
  }
  return (
    <NavLink
      component={Link}
      to={path}
      label={label}
      active={active}
      aria-current={current}
      leftSection={<Icon size={20} aria-hidden="true" />}
      rightSection={unread ? <UnreadDot /> : undefined}
    />
  );
}
