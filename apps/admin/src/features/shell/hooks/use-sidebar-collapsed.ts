import { useEffect, useState } from 'react';
import { narrowWindow, onNarrowWindowChange } from '../../../lib/narrow-window';

/**
 * Collapsed or expanded (spec 1 section 2.2): collapsed at first in a narrow window; crossing the
 * threshold while resizing collapses or expands it again. In between, the toggle decides.
 */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(() => narrowWindow().matches);

  useEffect(() => onNarrowWindowChange(setCollapsed), []);

  return { collapsed, toggle: () => setCollapsed((value) => !value) };
}
