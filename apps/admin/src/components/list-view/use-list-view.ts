import { useEffect, useState } from 'react';
import { narrowWindow, onNarrowWindowChange } from '../../lib/narrow-window';

export type ListView = 'list' | 'grid';

const viewFor = (narrow: boolean): ListView => (narrow ? 'grid' : 'list');

/**
 * Grid under 768 px, list otherwise (spec 1 section 2.5); crossing the threshold while resizing
 * switches again. In between, the toggle decides.
 */
export function useListView() {
  const [view, setView] = useState<ListView>(() => viewFor(narrowWindow().matches));

  useEffect(() => onNarrowWindowChange((narrow) => setView(viewFor(narrow))), []);

  return { view, setView };
}
