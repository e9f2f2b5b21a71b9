import { NARROW_WIDTH_PX } from '@backroom/contract';
import { useEffect, useState } from 'react';

export type ListView = 'list' | 'grid';

const defaultView = (): ListView => (window.innerWidth < NARROW_WIDTH_PX ? 'grid' : 'list');

/**
 * Grid under 768 px, list otherwise (spec 1 section 2.5); crossing the threshold while resizing
 * switches again. In between, the toggle decides.
 */
export function useListView() {
  const [view, setView] = useState<ListView>(defaultView);

  useEffect(() => {
    let current = defaultView();
    const onResize = () => {
      const next = defaultView();
      if (next === current) return;
      current = next;
      setView(next);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return { view, setView };
}
