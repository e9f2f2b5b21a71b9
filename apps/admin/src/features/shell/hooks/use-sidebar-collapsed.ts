import { NARROW_WIDTH_PX } from '@backroom/contract';
import { useEffect, useState } from 'react';

const isNarrow = () => window.innerWidth < NARROW_WIDTH_PX;

/**
 * Collapsed or expanded (spec 1 section 2.2): collapsed at first in a narrow window; crossing the
 * threshold while resizing collapses or expands it again. In between, the toggle decides.
 */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(isNarrow);

  useEffect(() => {
    let narrow = isNarrow();
    const onResize = () => {
      if (isNarrow() === narrow) return;
      narrow = !narrow;
      setCollapsed(narrow);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return { collapsed, toggle: () => setCollapsed((value) => !value) };
}
