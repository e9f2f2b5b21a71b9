import { DEFAULT_SIDEBAR_ORDER, type SidebarPath } from '@backroom/contract';
import { useLocation } from 'react-router';

/** The entry to highlight: the current screen's, or the dashboard's, which every unknown path shows. */
export function useActiveSidebarPath(): SidebarPath {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return DEFAULT_SIDEBAR_ORDER.find((entry) => entry === path) ?? '/';
}
