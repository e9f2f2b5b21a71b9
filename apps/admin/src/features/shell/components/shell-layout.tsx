import { Outlet } from 'react-router';
import { useOpenCalendarTakesEscape } from '../../../components/calendar';
import { UnreadCountProvider } from '../../conversations/hooks/unread-count';
import { useRealtimeConnection } from '../hooks/use-realtime-connection';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed';
import classes from './shell-layout.module.css';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

/** The signed-in frame (spec 1 section 2.2): top bar, collapsible sidebar, and the screen. */
export function ShellLayout() {
  useRealtimeConnection();
  useOpenCalendarTakesEscape();
  const { collapsed, toggle } = useSidebarCollapsed();
  return (
    <UnreadCountProvider>
      <div className={classes.root}>
        <TopBar />
        <div className={classes.body}>
          <Sidebar collapsed={collapsed} onToggleCollapsed={toggle} />
          <main className={classes.main}>
            <Outlet />
          </main>
        </div>
      </div>
    </UnreadCountProvider>
  );
}
