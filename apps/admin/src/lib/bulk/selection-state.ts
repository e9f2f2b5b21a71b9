/*
 * The rules of a list screen's bulk selection, kept pure (useBulkSelection holds the state). Picks
 * belong to the view they were made on, 'filter#page': another page or another filter starts
 * empty, and 'every row matching the filter' survives a page change but not a filter change.
 */

export interface Picks {
  /** The view the picks were made on: `${filterKey}#${page}`. */
  scope: string;
  ids: ReadonlySet<string>;
  /** Every row matching the filter, not only those picked. */
  all: boolean;
}

export const selectionScope = (filterKey: string, page: number): string => `${filterKey}#${page}`;

const filterOf = (scope: string): string => scope.slice(0, scope.lastIndexOf('#'));

/** The picks as they stand on this view: those of another view count for nothing. */
export function picksFor(picks: Picks, scope: string): Picks {
  if (picks.scope === scope) return picks;
  return { scope, ids: new Set(), all: picks.all && filterOf(picks.scope) === filterOf(scope) };
}

/** One row picked or unpicked; in 'all' mode the rest of the page stays picked. */
export function toggleRow(picks: Picks, id: string, pageIds: readonly string[]): Picks {
  const ids = new Set(picks.ids);
  if (picks.all) for (const pageId of pageIds) ids.add(pageId);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ...picks, ids, all: false };
}

/** The page's box: picks the whole page, or clears it when it was all picked. */
export function togglePage(picks: Picks, pageIds: readonly string[]): Picks {
  const checked = summarize(picks, pageIds, 0).pageChecked;
  return { ...picks, all: false, ids: checked ? new Set() : new Set(pageIds) };
}

export const selectAll = (picks: Picks, pageIds: readonly string[]): Picks => ({
  ...picks,
  all: true,
  ids: new Set(pageIds),
});

export const clearPicks = (picks: Picks): Picks => ({ ...picks, all: false, ids: new Set() });

export interface SelectionSummary {
  /** The picked rows shown on the page (all of them in 'all' mode). */
  onPage: string[];
  /** How many rows an action would run over (the filter's total in 'all' mode). */
  count: number;
  pageChecked: boolean;
  pageIndeterminate: boolean;
  /** 'Select all N matching' is worth offering: the whole page is picked and the filter holds more. */
  canSelectAll: boolean;
}

/** What the screen shows of the picks: only rows still on the page count (a refresh may have removed some). */
export function summarize(picks: Picks, pageIds: readonly string[], total: number): SelectionSummary {
  const picked = pageIds.filter((id) => picks.ids.has(id));
  const pageChecked = picks.all || (pageIds.length > 0 && picked.length === pageIds.length);
  return {
    onPage: picks.all ? [...pageIds] : picked,
    count: picks.all ? total : picked.length,
    pageChecked,
    pageIndeterminate: !pageChecked && picked.length > 0,
    canSelectAll: !picks.all && pageChecked && total > pageIds.length,
  };
}
