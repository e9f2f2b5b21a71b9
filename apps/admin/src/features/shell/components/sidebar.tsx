import { SIDEBAR_ENTRIES, type SidebarPath } from '@backroom/contract';
import { useState } from 'react';
import { useUnreadCount } from '../../conversations/hooks/unread-count';
import { useActiveSidebarPath } from '../hooks/use-active-sidebar-path';
import { useSidebarOrder } from '../hooks/use-sidebar-order';
import classes from './sidebar.module.css';
import { SidebarEntry } from './sidebar-entry';
import { SidebarMoveButtons } from './sidebar-move-buttons';
import { SidebarToolbar } from './sidebar-toolbar';

const LABELS = Object.fromEntries(SIDEBAR_ENTRIES.map((entry) => [entry.path, entry.label])) as Record<
  SidebarPath,
  string
>;

interface SidebarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

/** The ten screens in the admin's own order (spec 1 section 2.2), with the Messages unread dot. */
export function Sidebar({ collapsed, onToggleCollapsed }: SidebarProps) {
  const { order, move } = useSidebarOrder();
  const [reorderMode, setReorderMode] = useState(false);
  const reordering = reorderMode && !collapsed;
  const activePath = useActiveSidebarPath();
  const unread = useUnreadCount() > 0;

  return (
    <nav aria-label="Sidebar" className={classes.nav} data-collapsed={collapsed || undefined}>
      <SidebarToolbar
        collapsed={collapsed}
        reordering={reordering}
        onToggleCollapsed={onToggleCollapsed}
        onToggleReorder={() => setReorderMode((on) => !on)}
      />
      <ul className={classes.list}>
        {order.map((path, index) => (
          <li key={path} className={classes.item}>
            <SidebarEntry
              path={path}
              label={LABELS[path]}
              active={path === activePath}
              collapsed={collapsed}
              unread={path === '/messages' && unread}
            />
            {reordering && (
              <SidebarMoveButtons
                label={LABELS[path]}
                isFirst={index === 0}
                isLast={index === order.length - 1}
                onMove={(step) => move(index, step)}
              />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
