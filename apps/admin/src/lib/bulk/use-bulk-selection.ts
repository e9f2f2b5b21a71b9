import { useCallback, useMemo, useState } from 'react';
import {
  clearPicks,
  type Picks,
  picksFor,
  selectAll,
  selectionScope,
  summarize,
  togglePage,
  toggleRow,
} from './selection-state';

/** What an action runs over: the rows picked, or every row the list's filter matches. */
export type BulkSelectionValue<Filter> = { ids: string[] } | { filter: Filter };

export interface BulkSelection<Filter> {
  /** Every row matching the filter, not only those picked. */
  all: boolean;
  /** How many rows an action would run over (the filter's total in 'all' mode). */
  count: number;
  pageChecked: boolean;
  pageIndeterminate: boolean;
  canSelectAll: boolean;
  isPicked: (id: string) => boolean;
  toggle: (id: string) => void;
  togglePage: () => void;
  selectAll: () => void;
  clear: () => void;
  /** What to send: the picked ids, or the filter itself (applied by the server when the action runs). */
  value: () => BulkSelectionValue<Filter>;
}

/**
 * The rows picked on a list screen (rules in selection-state.ts). `filterKey` is the list's filter
 * without its page; `pageIds` the rows shown; `total` how many rows the filter matches.
 */
export function useBulkSelection<Filter>(
  filter: Filter,
  filterKey: string,
  page: number,
  pageIds: readonly string[],
  total: number,
): BulkSelection<Filter> {
  const scope = selectionScope(filterKey, page);
  const [state, setState] = useState<Picks>({ scope, ids: new Set(), all: false });
  const current = picksFor(state, scope);
  const summary = useMemo(() => summarize(current, pageIds, total), [current, pageIds, total]);

  const update = useCallback(
    (change: (picks: Picks) => Picks) => setState((previous) => change(picksFor(previous, scope))),
    [scope],
  );
  const picked = useMemo(() => new Set(summary.onPage), [summary.onPage]);

  return {
    all: current.all,
    count: summary.count,
    pageChecked: summary.pageChecked,
    pageIndeterminate: summary.pageIndeterminate,
    canSelectAll: summary.canSelectAll,
    isPicked: (id) => picked.has(id),
    toggle: (id) => update((picks) => toggleRow(picks, id, pageIds)),
    togglePage: () => update((picks) => togglePage(picks, pageIds)),
    selectAll: () => update((picks) => selectAll(picks, pageIds)),
    clear: useCallback(() => update(clearPicks), [update]),
    value: () => (current.all ? { filter } : { ids: summary.onPage }),
  };
}
