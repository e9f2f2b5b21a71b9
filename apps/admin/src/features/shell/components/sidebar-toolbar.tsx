import { ActionIcon } from '@mantine/core';
import { IconArrowsSort, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import classes from './sidebar.module.css';

interface SidebarToolbarProps {
  collapsed: boolean;
  reordering: boolean;
  onToggleCollapsed: () => void;
  onToggleReorder: () => void;
}

/** Collapse or expand the sidebar; reorder its entries (only while it is expanded). */
export function SidebarToolbar({ collapsed, reordering, onToggleCollapsed, onToggleReorder }: SidebarToolbarProps) {
  const CollapseIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <div className={classes.toolbar}>
      {!collapsed && (
        <ActionIcon
          variant={reordering ? 'filled' : 'subtle'}
          title="Reorder Sidebar"
          aria-label="Reorder Sidebar"
          aria-pressed={reordering}
          onClick={onToggleReorder}
        >
          <IconArrowsSort size={18} aria-hidden="true" />
        </ActionIcon>
      )}
      <ActionIcon
        variant="subtle"
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={onToggleCollapsed}
      >
        <CollapseIcon size={18} aria-hidden="true" />
      </ActionIcon>
    </div>
  );
}
