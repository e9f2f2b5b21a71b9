import { useCallback, useMemo, useState } from 'react';

/** What an action runs over: the rows picked, or every row the list's filter matches. */
export type BulkSelectionValue<Filter> = { ids: string[] } | { filter: Filter };

export interface BulkSelection<Filter> {
  /** Picked ids still on the page shown. */
  picked: ReadonlySet<string>;
  /** Every row matching the filter, not only those picked. */
  all: boolean;
  /** How many rows an action would run over (the filter's total in 'all' mode). */
  count: number;
  /** Every row of the page is picked (or 'all' mode). */
  pageChecked: boolean;
  /** Some rows of the page are picked, not all. */
  pageIndeterminate: boolean;
  /** 'Select all N matching' is worth offering: the whole page is picked and the filter holds more. */
  canSelectAll: boolean;
  isPicked: (id: string) => boolean;
  toggle: (id: string) => void;
  togglePage: () => void;
  selectAll: () => void;
  clear: () => void;
  /** What to send: the picked ids, or the filter itself (applied by the server when the action runs). */
  value: () => BulkSelectionValue<Filter>;
}

interface Picks {
  /** The filter and page the picks were made on: picks of another view are dropped. */
  scope: string;
  ids: Set<string>;
  all: boolean;
}

/**
 * The rows picked on a list screen. Picks belong to the page shown: another page or another filter
 * starts empty ('all' mode survives a page change, not a filter change). `filterKey` is the list's
 * filter without its page; `pageIds` the rows shown; `total` how many rows the filter matches.
 */
export function useBulkSelection<Filter>(
  filter: Filter,
  filterKey: string,
  page: number,
  pageIds: readonly string[],
  total: number,
): BulkSelection<Filter> {
  const scope = `${filterKey}#${page}`;
  const [state, setState] = useState<Picks>({ scope, ids: new Set(), all: false });

  // Picks of another view (a filter or page changed) count for nothing; the next change starts afresh.
  const current: Picks =
    state.scope === scope ? state : { scope, ids: new Set(), all: sameFilter(state.scope, scope) && state.all };
  const onPage = useMemo(() => pageIds.filter((id) => current.ids.has(id)), [pageIds, current.ids]);
  const pageChecked = current.all || (pageIds.length > 0 && onPage.length === pageIds.length);

  const update = useCallback(
    (next: (picks: Picks) => Picks) =>
      setState((previous) => {
        const base: Picks =
          previous.scope === scope
            ? previous
            : { scope, ids: new Set(), all: sameFilter(previous.scope, scope) && previous.all };
        return next(base);
      }),
    [scope],
  );

  const toggle = useCallback(
    (id: string) =>
      update((picks) => {
        const ids = new Set(picks.ids);
        // Unpicking one row in 'all' mode leaves the rest of the page picked.
        if (picks.all) for (const pageId of pageIds) ids.add(pageId);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { ...picks, ids, all: false };
      }),
    [update, pageIds],
  );
  const togglePage = useCallback(
    () => update((picks) => ({ ...picks, all: false, ids: pageChecked ? new Set() : new Set(pageIds) })),
    [update, pageIds, pageChecked],
  );
  const selectAll = useCallback(
    () => update((picks) => ({ ...picks, all: true, ids: new Set(pageIds) })),
    [update, pageIds],
  );
  const clear = useCallback(() => update((picks) => ({ ...picks, all: false, ids: new Set() })), [update]);

  const picked = useMemo(() => new Set(current.all ? pageIds : onPage), [current.all, pageIds, onPage]);
  return {
    picked,
    all: current.all,
    count: current.all ? total : onPage.length,
    pageChecked,
    pageIndeterminate: !pageChecked && onPage.length > 0,
    canSelectAll: !current.all && pageChecked && total > pageIds.length,
    isPicked: (id) => picked.has(id),
    toggle,
    togglePage,
    selectAll,
    clear,
    value: () => (current.all ? { filter } : { ids: onPage }),
  };
}

/** Two scopes ('filter#page') on the same filter. */
function sameFilter(a: string, b: string): boolean {
  return a.slice(0, a.lastIndexOf('#')) === b.slice(0, b.lastIndexOf('#'));
}
